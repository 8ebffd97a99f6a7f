import { readConfig } from '@union/shared/config';
import { createSupabaseClient } from '@union/shared/supabase';

// One client for the whole console: auth (session in localStorage), REST through
// ra-supabase, storage for images and the admin-users Edge Function.
export const config = readConfig(import.meta.env);
export const supabase = createSupabaseClient(config);
