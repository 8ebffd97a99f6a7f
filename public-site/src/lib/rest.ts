import { createRestClient } from '@union/shared/supabase';
import { config } from './config';

// PostgREST only, as the anonymous visitor: the auth code of supabase-js never ships to visitors.
export const rest = createRestClient(config);
