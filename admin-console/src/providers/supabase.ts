import { createSupabaseClient, type TypedSupabaseClient } from '@union/shared/supabase';
import { auth, config } from './auth';

export { config };

/**
 * The console's client for tables, functions and storage (REST through ra-supabase, images,
 * the admin-users Edge Function), with the signed-in staff member's token from the one auth
 * client (auth.ts): a second auth client on the same session would refresh it on its own.
 * Typed without `auth`, which a client given its token this way does not have.
 */
export const supabase: Omit<TypedSupabaseClient, 'auth'> = createSupabaseClient(config, {
  accessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
});
