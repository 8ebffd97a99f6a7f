// What the stack project's global setup provides (supabase/local-stack/test/global-setup.ts),
// so `inject()` in the shared env helper type-checks in this workspace too.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    SUPABASE_URL: string;
    SUPABASE_ANON_KEY: string;
    SUPABASE_SERVICE_ROLE_KEY: string;
    SUPABASE_DB_URL: string;
    MAIL_URL: string;
  }
}
