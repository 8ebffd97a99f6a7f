// A tiny Edge Function the local stack's tests call: it answers with the caller's role (from
// the JWT the gateway verified), the request it saw, whether the Supabase env is present, and
// proves npm:@supabase/supabase-js resolves offline by querying PostgREST with the service role.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

function claims(req: Request): Record<string, unknown> {
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  const part = token.split('.')[1];
  if (!part) return {};
  const json = atob(
    part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '='),
  );
  return JSON.parse(json);
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  const url = new URL(req.url);
  const text = await req.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep the raw text */
  }
  const env = {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? null,
    SUPABASE_ANON_KEY: Boolean(Deno.env.get('SUPABASE_ANON_KEY')),
    SUPABASE_SERVICE_ROLE_KEY: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
    SUPABASE_DB_URL: Boolean(Deno.env.get('SUPABASE_DB_URL')),
  };
  let restStatus: number | null = null;
  if (url.searchParams.get('rest') === '1' && env.SUPABASE_URL) {
    const admin = createClient(env.SUPABASE_URL, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { status } = await admin.from('_probe_missing_table').select('*').limit(1);
    restStatus = status;
  }
  return Response.json({
    role: claims(req).role ?? null,
    method: req.method,
    path: url.pathname,
    body,
    env,
    restStatus,
  });
});
