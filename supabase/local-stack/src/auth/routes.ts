// The route table: every endpoint GoTrue serves here, with its guard, declared once. The
// handlers live in one file per endpoint family, as in GoTrue's internal/api (token.go,
// user.go, logout.go, recover.go, verify.go, signup.go, admin.go, settings.go).
import { adminRoutes } from './admin.js';
import { logoutRoutes } from './logout.js';
import { recoverRoutes } from './recover.js';
import type { Route } from './router.js';
import { settingsRoutes } from './settings.js';
import { signupRoutes } from './signup.js';
import { tokenRoutes } from './token.js';
import { userRoutes } from './user.js';
import { verifyRoutes } from './verify.js';

export const routes: Route[] = [
  ...settingsRoutes, // GET /health, /settings, /.well-known/jwks.json        guard: none
  ...tokenRoutes, //    POST /token?grant_type=password|refresh_token|pkce     guard: none
  ...signupRoutes, //   POST /signup                                           guard: none
  ...recoverRoutes, //  POST /recover                                          guard: none
  ...verifyRoutes, //   GET|POST /verify                                       guard: none
  ...userRoutes, //     GET|PUT /user                                          guard: user
  ...logoutRoutes, //   POST /logout                                           guard: user
  ...adminRoutes, //    /admin/users, /admin/users/:id, /admin/generate_link   guard: admin
];
