// Edge Function `purge-images`: the nightly purge of deleted records' images (docs/data-model.md,
// "Restoring a deleted record"). A deleted content record keeps its images for the restore period;
// after it, public.claim_expired_images() names the objects to remove and this function removes
// them through the Storage API, so the bytes leave the bucket's store (a plain-SQL delete of
// storage.objects would leave them there). Called with the service role only: by Supabase Cron
// through pg_net on a hosted project (private.dispatch_image_purge), by the local stack after its
// retention run.
//   POST {} → 200 {removed}
// Errors: 401 not_signed_in, 403 not_allowed (any caller but the service role), 405, 500 server_error.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { json, refuseUnlessServiceRole } from '../_shared/service-caller.ts';

/** Storage removes at most this many objects per request. */
const CHUNK = 100;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST' });
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  const supabaseUrl = Deno.env.get('SUPABASE_URL');
  const refused = refuseUnlessServiceRole(req, serviceKey);
  if (refused) return refused;
  if (!serviceKey || !supabaseUrl)
    return json(500, { error: 'server_error', message: 'SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is missing' });

  const db = createClient(supabaseUrl, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await db.rpc('claim_expired_images');
  if (error) return json(500, { error: 'server_error', message: error.message });
  const names = (data ?? []) as string[];
  let removed = 0;
  for (let i = 0; i < names.length; i += CHUNK) {
    const { data: gone, error: failed } = await db.storage.from('images').remove(names.slice(i, i + CHUNK));
    // What is left is claimed again the next night.
    if (failed) return json(500, { error: 'server_error', message: failed.message, removed });
    removed += gone?.length ?? 0;
  }
  return json(200, { removed });
});
