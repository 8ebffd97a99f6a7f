// The admin-users Edge Function's contract (docs/data-model.md): statuses and error keys,
// rollback-free happy paths, own account, and CORS for browsers.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  anon,
  createUser,
  env,
  freshIp,
  rand,
  resetRateLimits,
  service,
  submit,
  type TestUser,
  versionOf,
} from './helpers.ts';

let superadmin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  [superadmin, editor] = await Promise.all([createUser('superadmin'), createUser('editor')]);
});
beforeEach(resetRateLimits);

async function call(c: SupabaseClient, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await c.functions.invoke('admin-users', { body: body as Record<string, unknown> });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    const res = error.context as Response;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  return { status: 200, body: data as Record<string, unknown> };
}

describe('admin-users', () => {
  it('creates a confirmed auth user with a staff row who can sign in', async () => {
    const email = `t-new-${rand()}@union.test`;
    const r = await call(superadmin.client, { action: 'create', email, password: 'Brand-new1', role: 'superadmin' });
    expect(r.status).toBe(200);
    const { data } = await service()
      .from('staff')
      .select('role,email')
      .eq('user_id', r.body.user_id as string)
      .single();
    expect(data).toEqual({ role: 'superadmin', email });
    const { error } = await anon().auth.signInWithPassword({ email, password: 'Brand-new1' });
    expect(error).toBeNull();
  });

  it('refuses weak passwords, bad input and existing emails (400)', async () => {
    expect(
      await call(superadmin.client, {
        action: 'create',
        email: `t-${rand()}@union.test`,
        password: 'short1A',
        role: 'editor',
      }),
    ).toMatchObject({ status: 400, body: { error: 'weak_password' } });
    expect(
      await call(superadmin.client, {
        action: 'create',
        email: `t-${rand()}@union.test`,
        password: 'alllowercase1',
        role: 'editor',
      }),
    ).toMatchObject({ status: 400, body: { error: 'weak_password' } });
    expect(
      await call(superadmin.client, {
        action: 'create',
        email: 'not-an-email',
        password: 'Strong-pass1',
        role: 'editor',
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(
      await call(superadmin.client, {
        action: 'create',
        email: `t-${rand()}@union.test`,
        password: 'Strong-pass1',
        role: 'admin',
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(await call(superadmin.client, { action: 'promote' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_input' },
    });
    expect(
      await call(superadmin.client, {
        action: 'create',
        email: editor.email,
        password: 'Strong-pass1',
        role: 'editor',
      }),
    ).toMatchObject({ status: 400, body: { error: 'email_exists' } });
  });

  it("refuses visitors (401), editors (403) and one's own account (403)", async () => {
    expect(await call(anon(), { action: 'delete', user_id: editor.id })).toMatchObject({
      status: 401,
      body: { error: 'not_signed_in' },
    });
    expect(await call(editor.client, { action: 'delete', user_id: superadmin.id })).toMatchObject({
      status: 403,
      body: { error: 'not_allowed' },
    });
    expect(await call(superadmin.client, { action: 'delete', user_id: superadmin.id })).toMatchObject({
      status: 403,
      body: { error: 'own_account' },
    });
  });

  it('answers 404 for an unknown user and deletes a known one', async () => {
    expect(
      await call(superadmin.client, { action: 'delete', user_id: '00000000-0000-4000-8000-00000000dead' }),
    ).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const victim = await createUser('editor');
    expect(await call(superadmin.client, { action: 'delete', user_id: victim.id })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const { data } = await service().from('staff').select('user_id').eq('user_id', victim.id);
    expect(data).toEqual([]);
  });

  it('refuses to delete an auth user who is not staff (404) and leaves the account alone', async () => {
    const outsider = await createUser(null);
    expect(await call(superadmin.client, { action: 'delete', user_id: outsider.id })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    const { data, error } = await service().auth.admin.getUserById(outsider.id);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(outsider.id);
    expect(
      (await anon().auth.signInWithPassword({ email: outsider.email, password: outsider.password })).error,
    ).toBeNull();
  });

  it('answers 405 to anything but POST, with CORS headers', async () => {
    const { data } = await superadmin.client.auth.getSession();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(`${env.url}/functions/v1/admin-users`, {
        method,
        headers: {
          Authorization: `Bearer ${data.session!.access_token}`,
          apikey: env.anonKey,
          Origin: 'http://localhost:5174',
        },
      });
      expect(res.status, method).toBe(405);
      expect(await res.json()).toMatchObject({ error: 'method_not_allowed' });
      expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    }
  });

  it('deletes an editor who reviewed submissions; the review keeps its status, reviewer cleared', async () => {
    const reviewer = await createUser('editor');
    const name = `R ${rand()}`;
    expect(await submit(anon(), { type: 'contact', name, email: `r-${rand()}@example.com`, message: 'm' })).toBeNull();
    const id = (await service().from('submissions').select('id').eq('name', name).single()).data!.id as string;
    expect(
      (
        await reviewer.client
          .from('submissions')
          .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect((await call(superadmin.client, { action: 'delete', user_id: reviewer.id })).status).toBe(200);
    const { data } = await service().from('submissions').select('status,reviewed_by').eq('id', id).single();
    expect(data).toEqual({ status: 'approved', reviewed_by: null });
  });

  it('records the superadmin as the actor of staff changes in the audit log', async () => {
    const email = `t-audited-${rand()}@union.test`;
    const created = await call(superadmin.client, { action: 'create', email, password: 'Audit-pass1', role: 'editor' });
    expect(created.status).toBe(200);
    const id = created.body.user_id as string;
    expect((await call(superadmin.client, { action: 'delete', user_id: id })).status).toBe(200);
    const { data } = await superadmin.client
      .from('audit_log')
      .select('action,actor_id,actor_email')
      .eq('table_name', 'staff')
      .eq('row_id', id)
      .order('id');
    expect(data).toEqual([
      { action: 'INSERT', actor_id: superadmin.id, actor_email: superadmin.email },
      { action: 'DELETE', actor_id: superadmin.id, actor_email: superadmin.email },
    ]);
  });

  it('ignores an x-audit-actor header from anyone but the service role', async () => {
    const spoofed = createClient(env.url, env.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { headers: { 'x-audit-actor': superadmin.id, 'x-forwarded-for': freshIp() } },
    });
    const name = `Spoof ${rand()}`;
    expect(
      await submit(spoofed, { type: 'contact', name, email: `s-${rand()}@example.com`, message: 'hi' }),
    ).toBeNull();
    const id = (await service().from('submissions').select('id').eq('name', name).single()).data!.id as string;
    const { data } = await superadmin.client
      .from('audit_log')
      .select('actor_id')
      .eq('table_name', 'submissions')
      .eq('row_id', id);
    expect(data).toEqual([{ actor_id: null }]);
  });

  it('answers the browser preflight with CORS headers', async () => {
    const res = await fetch(`${env.url}/functions/v1/admin-users`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5174',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    await res.arrayBuffer();
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });
});
