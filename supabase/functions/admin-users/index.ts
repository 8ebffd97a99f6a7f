// Edge Function `admin-users` (superadmin only): creates and deletes staff accounts, which
// needs the service role (the auth admin API). Contract: docs/data-model.md.
//   POST {action:"create", email, password, role} → 200 {user_id}
//   POST {action:"delete", user_id}               → 200 {ok:true}
// Errors: JSON {error:<key>, message} with 400 invalid_input | weak_password | email_exists,
// 401 not_signed_in, 403 not_allowed | own_account, 404 not_found (also: not a staff account),
// 405 method_not_allowed (anything but POST and the CORS preflight), 500 server_error,
// 503 auth_unavailable | server_unavailable (the auth server or the database cannot answer:
// the caller is not told they are signed out).
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
// The console's own email and password rules (shared/src/validation.ts, generated into _shared
// by npm run gen:functions): the same shape the browser accepts and the one password policy.
import { isValidEmail, passwordProblems } from '../_shared/validation.js';

const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

function fail(status: number, error: string, message: string): Response {
  return reply(status, { error, message });
}

/** bcrypt, which the auth server uses, reads at most 72 bytes of a password. */
const MAX_PASSWORD_BYTES = 72;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 4xx: the server answered and refused. 0 (no answer) and 5xx are outages, not refusals. */
function isRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500;
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') {
    return new Response(JSON.stringify({ error: 'method_not_allowed', message: 'Use POST' }), {
      status: 405,
      headers: { ...corsHeaders, 'Content-Type': 'application/json', Allow: 'POST, OPTIONS' },
    });
  }

  const url = Deno.env.get('SUPABASE_URL');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceKey) return fail(500, 'server_error', 'SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY missing');
  const admin = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });

  // Who is calling: the user behind the Authorization JWT (the anon key has no user).
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!token) return fail(401, 'not_signed_in', 'Sign in first');
  const { data: caller, error: callerError } = await admin.auth.getUser(token);
  // Only the auth server's refusal of the token means "not signed in". When it cannot answer
  // (unreachable: status 0; failing: 5xx, e.g. its database is restarting) the caller may well be
  // signed in: 503, which the console shows as a server failure instead of signing them out.
  if (callerError && !isRefusal(callerError.status)) {
    return fail(503, 'auth_unavailable', 'The sign-in service cannot answer now; try again shortly');
  }
  if (callerError || !caller?.user) return fail(401, 'not_signed_in', 'Sign in first');
  const callerId = caller.user.id;

  const {
    data: staffRow,
    error: staffError,
    status: staffStatus,
  } = await admin.from('staff').select('role').eq('user_id', callerId).maybeSingle();
  if (staffError) {
    if (!isRefusal(staffStatus))
      return fail(503, 'server_unavailable', 'The database cannot answer now; try again shortly');
    return fail(500, 'server_error', staffError.message);
  }
  if (staffRow?.role !== 'superadmin') return fail(403, 'not_allowed', 'Only superadmins manage staff accounts');

  // Writes to staff go through this client: the audit log records the superadmin as the actor.
  const audited = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-audit-actor': callerId } },
  });

  let body: Record<string, unknown>;
  try {
    const parsed: unknown = await req.json();
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return fail(400, 'invalid_input', 'The body must be a JSON object');
  }

  if (body.action === 'create') {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const role = body.role;
    if (!isValidEmail(email) || (role !== 'editor' && role !== 'superadmin')) {
      return fail(400, 'invalid_input', 'A valid email and a role (editor or superadmin) are required');
    }
    if (passwordProblems(password).length > 0) {
      return fail(
        400,
        'weak_password',
        'At least 8 characters with an upper-case letter, a lower-case letter and a digit',
      );
    }
    if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) {
      return fail(400, 'weak_password', `At most ${MAX_PASSWORD_BYTES} bytes`);
    }
    const { data: created, error: createError } = await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
    });
    if (createError || !created?.user) {
      const code = (createError as { code?: string } | null)?.code;
      if (code === 'email_exists' || /already (been )?registered|exists/i.test(createError?.message ?? '')) {
        return fail(400, 'email_exists', 'An account with this email already exists');
      }
      if (code === 'weak_password') return fail(400, 'weak_password', createError?.message ?? 'Weak password');
      // Any other refusal of the input by the auth server (4xx) is bad input, not a server error.
      const status = (createError as { status?: number } | null)?.status ?? 500;
      if (status >= 400 && status < 500) return fail(400, 'invalid_input', createError?.message ?? 'Invalid input');
      return fail(500, 'server_error', createError?.message ?? 'Could not create the user');
    }
    const userId = created.user.id;
    const { error: insertError } = await audited.from('staff').insert({ user_id: userId, email, role });
    if (insertError) {
      // Roll back: no auth account without its staff row.
      await admin.auth.admin.deleteUser(userId);
      return fail(500, 'server_error', insertError.message);
    }
    return reply(200, { user_id: userId });
  }

  if (body.action === 'delete') {
    const userId = typeof body.user_id === 'string' ? body.user_id : '';
    if (!UUID.test(userId)) return fail(400, 'invalid_input', 'user_id must be a uuid');
    if (userId === callerId) return fail(403, 'own_account', 'You cannot delete your own account');
    const { data: target, error: targetError } = await admin.auth.admin.getUserById(userId);
    if (targetError && (targetError as { status?: number }).status !== 404) {
      // Unreachable auth server, bad key…: never guess, delete nothing.
      return fail(500, 'server_error', targetError.message);
    }
    if (targetError || !target?.user) {
      // No such auth user. A staff row without one should not exist (cascade); clean it up.
      const { data: orphan, error: orphanError } = await audited
        .from('staff')
        .delete()
        .eq('user_id', userId)
        .select('user_id');
      if (orphanError) return fail(500, 'server_error', orphanError.message);
      if (orphan && orphan.length > 0) return reply(200, { ok: true });
      return fail(404, 'not_found', 'No such user');
    }
    // Only staff accounts are managed here: never delete another kind of auth user.
    const { data: targetStaff, error: targetStaffError } = await admin
      .from('staff')
      .select('user_id')
      .eq('user_id', userId)
      .maybeSingle();
    if (targetStaffError) return fail(500, 'server_error', targetStaffError.message);
    if (!targetStaff) return fail(404, 'not_found', 'No such staff account');
    const { error: staffDeleteError } = await audited.from('staff').delete().eq('user_id', userId);
    if (staffDeleteError) return fail(500, 'server_error', staffDeleteError.message);
    const { error: deleteError } = await admin.auth.admin.deleteUser(userId);
    if (deleteError) return fail(500, 'server_error', deleteError.message);
    return reply(200, { ok: true });
  }

  return fail(400, 'invalid_input', 'action must be "create" or "delete"');
});
