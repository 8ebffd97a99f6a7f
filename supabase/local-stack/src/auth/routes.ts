// The route table, as GoTrue's internal/api/api.go declares its router: every endpoint with its
// method, path and guard, in one place. The guard runs before the handler (router.ts), so no
// handler checks access itself. Handlers live in one file per endpoint family, as in GoTrue
// (token.go, user.go, logout.go, recover.go, verify.go, signup.go, admin.go, settings.go,
// reauthenticate.go, otp.go with magic_link.go; email-change.ts is mail.go's and verify.go's email change).
import {
  adminCreateUser,
  adminDeleteUser,
  adminGenerateLink,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from './admin.js';
import { checkLogoutScope, logout } from './logout.js';
import { otp } from './otp.js';
import { reauthenticate } from './reauthenticate.js';
import { recover } from './recover.js';
import type { Route } from './router.js';
import { getSettings, health, jwks } from './settings.js';
import { signup } from './signup.js';
import { token } from './token.js';
import { getUser, updateUser } from './user.js';
import { verifyGet, verifyPost } from './verify.js';

export const routes: Route[] = [
  { method: 'GET', path: '/health', guard: 'none', handler: health },
  { method: 'HEAD', path: '/health', guard: 'none', handler: health },
  { method: 'GET', path: '/.well-known/jwks.json', guard: 'none', handler: jwks },
  { method: 'GET', path: '/settings', guard: 'none', handler: getSettings },
  // grant_type=password | refresh_token | pkce
  { method: 'POST', path: '/token', guard: 'none', handler: token },
  { method: 'POST', path: '/signup', guard: 'none', handler: signup },
  { method: 'POST', path: '/recover', guard: 'none', handler: recover },
  { method: 'POST', path: '/otp', guard: 'none', handler: otp },
  { method: 'GET', path: '/verify', guard: 'none', handler: verifyGet },
  { method: 'POST', path: '/verify', guard: 'none', handler: verifyPost },

  { method: 'GET', path: '/user', guard: 'user', handler: getUser },
  { method: 'PUT', path: '/user', guard: 'user', handler: updateUser },
  { method: 'GET', path: '/reauthenticate', guard: 'user', handler: reauthenticate },
  { method: 'POST', path: '/logout', guard: 'user', precheck: checkLogoutScope, handler: logout },

  { method: 'GET', path: '/admin/users', guard: 'admin', handler: adminListUsers },
  { method: 'POST', path: '/admin/users', guard: 'admin', handler: adminCreateUser },
  { method: 'GET', path: '/admin/users/:id', guard: 'admin', handler: adminGetUser },
  { method: 'PUT', path: '/admin/users/:id', guard: 'admin', handler: adminUpdateUser },
  { method: 'DELETE', path: '/admin/users/:id', guard: 'admin', handler: adminDeleteUser },
  { method: 'POST', path: '/admin/generate_link', guard: 'admin', handler: adminGenerateLink },
];
