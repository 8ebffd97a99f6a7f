// GET /settings, GET|HEAD /health and GET /.well-known/jwks.json (GoTrue's api/settings.go, health).
import type { AuthContext } from './context.js';
import type { Route } from './router.js';

function settings(ctx: AuthContext) {
  return {
    external: {
      anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, facebook: false, figma: false,
      fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false, linkedin: false,
      linkedin_oidc: false, notion: false, spotify: false, slack: false, slack_oidc: false, workos: false, twitch: false,
      twitter: false, zoom: false, email: true, phone: false,
    },
    disable_signup: !ctx.config.signupEnabled,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

const HEALTH = { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' };

export const settingsRoutes: Route[] = [
  { method: 'GET', path: '/health', guard: 'none', handler: async () => HEALTH },
  // HEAD: the head of the GET answer (Node leaves the body out).
  { method: 'HEAD', path: '/health', guard: 'none', handler: async () => HEALTH },
  // HS256 only: no public keys to publish.
  { method: 'GET', path: '/.well-known/jwks.json', guard: 'none', handler: async () => ({ keys: [] }) },
  { method: 'GET', path: '/settings', guard: 'none', handler: async ({ ctx }) => settings(ctx) },
];
