// Storage behaviours where the stand-in must equal supabase/storage: the size limit is inclusive,
// signed-URL tokens are scoped to download or upload, and RLS policies see upstream's operation
// names (CONTRACT.md sections "Limits", "Signed URLs", "Operations"). Through supabase-js.
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { env } from './env.js';

const run = crypto.randomBytes(4).toString('hex');
const BIG = `su-big-${run}`; // no bucket limit: the global 5 MiB of config.toml applies
const SMALL = `su-small-${run}`; // file_size_limit 1024
const SIGNED = `su-signed-${run}`;
const OPS = `su-ops-${run}`;
const MiB = 1024 * 1024;
const password = 'Upstream1pass';

const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };
const client = (key = env.anonKey) => createClient(env.url, key, opts);
/** A signed-in user's client; `headers` go with every request. */
const asUser = (headers: Record<string, string> = {}) =>
  createClient(env.url, env.anonKey, { ...opts, accessToken: async () => userToken, global: { headers } });

let db: pg.Client;
let admin: SupabaseClient;
let userToken: string;

beforeAll(async () => {
  db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  await db.query(
    `insert into storage.buckets (id, name, public) values ($1, $1, false), ($2, $2, false), ($3, $3, false)`,
    [BIG, SIGNED, OPS],
  );
  await db.query(`insert into storage.buckets (id, name, public, file_size_limit) values ($1, $1, false, 1024)`, [
    SMALL,
  ]);
  // A request passes only when Storage names its operation as the client expects (header set per client).
  const op = `bucket_id = '${OPS}' and current_setting('storage.operation', true) = (current_setting('request.headers', true)::json->>'x-expect-op')`;
  await db.query(`
    create policy "su ${run} select" on storage.objects for select to authenticated using (${op});
    create policy "su ${run} insert" on storage.objects for insert to authenticated with check (${op});
    create policy "su ${run} update" on storage.objects for update to authenticated using (${op}) with check (${op});
    create policy "su ${run} delete" on storage.objects for delete to authenticated using (${op});
    create policy "su ${run} signed" on storage.objects for insert to authenticated with check (bucket_id = '${SIGNED}');
    create policy "su ${run} signed read" on storage.objects for select to authenticated using (bucket_id = '${SIGNED}');
  `);
  admin = client(env.serviceRoleKey);
  const e = `su-${run}@storage.test`;
  expect((await admin.auth.admin.createUser({ email: e, password, email_confirm: true })).error).toBeNull();
  const { data, error } = await client().auth.signInWithPassword({ email: e, password });
  expect(error).toBeNull();
  userToken = data.session!.access_token;
});

afterAll(async () => {
  if (!db) return;
  const { rows } = await db.query<{ policyname: string }>(
    `select policyname from pg_policies where schemaname = 'storage' and policyname like $1`,
    [`su ${run} %`],
  );
  for (const r of rows) await db.query(`drop policy "${r.policyname}" on storage.objects`);
  // Plain-SQL deletes of storage rows are refused unless asked for (storage.protect_delete).
  await db.query(`set storage.allow_delete_query = 'true'`);
  await db.query(`delete from storage.objects where bucket_id like $1`, [`su-%-${run}`]);
  await db.query(`delete from storage.buckets where id like $1`, [`su-%-${run}`]);
  await db.end();
});

describe('size limits are inclusive', () => {
  it('accepts exactly the global limit (5 MiB) as multipart and raw, and refuses one byte more with 413', async () => {
    const s = admin.storage.from(BIG);
    const exact = await s.upload(
      'exact.bin',
      new Blob([Buffer.alloc(5 * MiB, 1)], { type: 'application/octet-stream' }),
    );
    expect(exact.error).toBeNull();
    const exactRaw = await s.upload('exact-raw.bin', Buffer.alloc(5 * MiB, 2), {
      contentType: 'application/octet-stream',
    });
    expect(exactRaw.error).toBeNull();
    const { rows } = await db.query(
      `select (metadata->>'size')::int as size from storage.objects where bucket_id = $1 order by name`,
      [BIG],
    );
    expect(rows).toEqual([{ size: 5 * MiB }, { size: 5 * MiB }]);

    const over = await s.upload(
      'over.bin',
      new Blob([Buffer.alloc(5 * MiB + 1, 1)], { type: 'application/octet-stream' }),
    );
    expect(over.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    // The raw answer, in Storage's shape (storage-js does not expose `error`).
    const overRaw = await fetch(`${env.url}/storage/v1/object/${BIG}/over-raw.bin`, {
      method: 'POST',
      headers: {
        apikey: env.serviceRoleKey,
        authorization: `Bearer ${env.serviceRoleKey}`,
        'content-type': 'application/octet-stream',
      },
      body: Buffer.alloc(5 * MiB + 1, 2),
    });
    expect(overRaw.status).toBe(400);
    expect(await overRaw.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it("accepts exactly a bucket's file_size_limit and refuses one byte more", async () => {
    const s = admin.storage.from(SMALL);
    expect((await s.upload('exact.txt', new Blob([Buffer.alloc(1024, 'x')], { type: 'text/plain' }))).error).toBeNull();
    expect(
      (await s.upload('over.txt', new Blob([Buffer.alloc(1025, 'x')], { type: 'text/plain' }))).error,
    ).toMatchObject({ statusCode: '413' });
  });
});

describe('signed-URL tokens are scoped', () => {
  it('refuses a download token on the signed-upload endpoint', async () => {
    const user = asUser();
    const s = user.storage.from(SIGNED);
    expect((await s.upload('doc.txt', new Blob(['original'], { type: 'text/plain' }))).error).toBeNull();
    const signed = await s.createSignedUrl('doc.txt', 600);
    expect(signed.error).toBeNull();
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const put = await client()
      .storage.from(SIGNED)
      .uploadToSignedUrl('doc.txt', token, new Blob(['overwritten'], { type: 'text/plain' }), { upsert: true });
    expect(put.error).toMatchObject({ statusCode: '400', message: 'Token is not scoped for upload' });
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('original');
  });

  it('refuses an upload token on the signed-download endpoint', async () => {
    const user = asUser();
    const s = user.storage.from(SIGNED);
    expect((await s.upload('up.txt', new Blob(['secret'], { type: 'text/plain' }))).error).toBeNull();
    const made = await s.createSignedUploadUrl('not-yet.txt');
    expect(made.error).toBeNull();
    const res = await fetch(`${env.url}/storage/v1/object/sign/${SIGNED}/not-yet.txt?token=${made.data!.token}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
      message: 'Token is not scoped for download',
    });
  });
});

describe("RLS policies see upstream Storage's operation names", () => {
  const as = (op: string) => asUser({ 'x-expect-op': op }).storage.from(OPS);

  it('names uploads, updates and signed upload URLs as Storage does', async () => {
    expect(
      (await as('storage.object.upload').upload('a.txt', new Blob(['a'], { type: 'text/plain' }))).error,
    ).toBeNull();
    expect(
      (await as('storage.object.upload_update').update('a.txt', new Blob(['b'], { type: 'text/plain' }))).error,
    ).toBeNull();
    expect((await as('storage.object.sign_upload_url').createSignedUploadUrl('b.txt')).error).toBeNull();
    // The same calls under another name are refused by the policy.
    expect(
      (await as('storage.object.upload').update('a.txt', new Blob(['c'], { type: 'text/plain' }))).error,
    ).toMatchObject({ statusCode: '403' });
  });

  it('names reads, info, signing, listing, copy, move and removal as Storage does', async () => {
    expect(
      (await admin.storage.from(OPS).upload('r.txt', new Blob(['read me'], { type: 'text/plain' }), { upsert: true }))
        .error,
    ).toBeNull();
    expect(await (await as('storage.object.get_authenticated').download('r.txt')).data?.text()).toBe('read me');
    expect((await as('object.get_authenticated_info').info('r.txt')).data).toMatchObject({ name: 'r.txt' });
    expect((await as('object.head_authenticated_info').exists('r.txt')).data).toBe(true);
    expect((await as('storage.object.sign').createSignedUrl('r.txt', 60)).error).toBeNull();
    expect((await as('storage.object.sign_many').createSignedUrls(['r.txt'], 60)).data?.[0]?.error).toBeNull();
    expect((await as('storage.object.list').list()).data?.map((o) => o.name)).toContain('r.txt');
    expect((await as('storage.object.copy').copy('r.txt', 'r2.txt')).error).toBeNull();
    expect((await as('storage.object.move').move('r2.txt', 'r3.txt')).error).toBeNull();
    expect((await as('storage.object.delete_many').remove(['r3.txt'])).data?.map((o) => o.name)).toEqual(['r3.txt']);
    // Under a wrong name the object is hidden.
    expect((await as('storage.object.get').download('r.txt')).error).toMatchObject({ statusCode: '404' });
  });
});
