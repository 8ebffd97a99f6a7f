// The check the scheduled functions (send-mail, purge-images) start with: only the service role
// calls them (Supabase Cron through pg_net, or the local stack's timers). Shared here, inside
// supabase/functions, so `functions deploy --use-api` uploads it with each function.
import { decodeJwt } from 'npm:jose@6.2.17';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The caller's role: `service_role` for the project's service key itself (an opaque
 * `sb_secret_…` key is no JWT), else the role claim of the bearer JWT. The signature is not
 * checked again here: the gateway (Supabase's, or the local router) has verified it before the
 * function runs (verify_jwt = true in config.toml).
 */
export function callerRole(req: Request, serviceKey: string | undefined): string | null {
  const bearer = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  if (serviceKey && bearer === serviceKey) return 'service_role';
  try {
    const { role } = decodeJwt(bearer);
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/** The answer that refuses anyone but the service role, or null when the service role calls. */
export function refuseUnlessServiceRole(req: Request, serviceKey: string | undefined): Response | null {
  const role = callerRole(req, serviceKey);
  if (!role) return json(401, { error: 'not_signed_in', message: 'The service role calls this function' });
  if (role !== 'service_role')
    return json(403, { error: 'not_allowed', message: 'The service role calls this function' });
  return null;
}
