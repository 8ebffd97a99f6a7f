// GET /settings, GET|HEAD /health and GET /.well-known/jwks.json (GoTrue's api/settings.go, health).
import type { AuthContext } from './context.js';
import type { Handler } from './router.js';

function settings(ctx: AuthContext) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: !ctx.config.signupEnabled,
    mailer_autoconfirm: ctx.config.enableConfirmations !== true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

const HEALTH = {
  version: 'local',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};

/** GET and HEAD (Node leaves the body out of a HEAD answer). */
export const health: Handler = async () => HEALTH;
/** HS256 only: no public keys to publish. */
export const jwks: Handler = async () => ({ keys: [] });
export const getSettings: Handler = async ({ ctx }) => settings(ctx);
