// The well-known values of `supabase start` (CLI pkg/config/apikeys.go), so an .env written for
// one stack works for the other. Demo values only: never use them for a hosted project.

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** Opaque keys of newer CLIs; the gateway maps them to the JWTs above, as Kong does. */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

// Declared beside its values, not in types.ts: types.ts reads `demoAccounts` from here.
/** The well-known values of `supabase start`, so an .env works against either stack. */
export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export const secrets: StackSecrets = {
  jwtSecret: JWT_SECRET,
  anonKey: ANON_KEY,
  serviceRoleKey: SERVICE_ROLE_KEY,
};

/** Created by supabase/seed.sql (the backend's seed); listed by `npm start`. */
export const demoAccounts = [
  { role: 'superadmin', email: 'superadmin@union.test', password: 'Superadmin1' },
  { role: 'editor', email: 'editor@union.test', password: 'Editor12345' },
] as const;
