// A full disk under the database (issue: a small tmpfs as the data folder): writes get a clean 503
// and nothing is lost, reads are served meanwhile, and everything works again once there is
// room. Filling a disk needs root mounts, so the database is made to answer as a full one does:
// triggers raise what PostgreSQL raises when it cannot extend a file (SQLSTATE 53100 disk_full,
// "could not extend file …: No space left on device") on the writes of a submission, an upload
// and a sign-in. This test starts a stack of its own: it changes the database under it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoAccounts, startStack, type Stack } from '../src/index.js';

let stack: Stack;
let dir: string;
let admin: pg.Client;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-stack-disk-full-'));
  stack = await startStack({ dataDir: dir, ports: 'free', reset: true });
  // The cluster's superuser (bootstrap: supabase_admin, same password): it may add triggers to
  // tables of auth and storage.
  admin = new pg.Client({ connectionString: stack.dbUrl.replace('postgres:postgres@', 'supabase_admin:postgres@') });
  admin.on('error', () => {});
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await stack?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = ['public.submissions', 'storage.objects', 'auth.sessions', 'auth.refresh_tokens'];

async function diskFull(full: boolean) {
  if (full) {
    await admin.query(`create or replace function public.test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception using errcode = 'disk_full',
          message = 'could not extend file "base/5/16384": No space left on device',
          hint = 'Check free disk space.';
      end $$`);
    for (const t of TABLES)
      await admin.query(`create trigger test_disk_full before insert or update on ${t}
        for each row execute function public.test_disk_full()`);
  } else {
    for (const t of TABLES) await admin.query(`drop trigger test_disk_full on ${t}`);
    await admin.query('drop function public.test_disk_full()');
  }
}

const anon = () => ({ apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` });
const json = { 'content-type': 'application/json' };
const editor = demoAccounts.find((a) => a.role === 'editor')!;
// A 1×1 PNG: Storage checks the bytes against the declared type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function ask(url: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.apiUrl}${url}`, init);
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

const signIn = () =>
  ask('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { ...anon(), ...json },
    body: JSON.stringify({ email: editor.email, password: editor.password }),
  });
const submit = (name: string) =>
  ask('/rest/v1/rpc/submit', {
    method: 'POST',
    headers: { ...anon(), ...json },
    body: JSON.stringify({ type: 'contact', name, email: 'full@example.com', message: 'Disk full?', honeypot: null }),
  });
const upload = (token: string, name: string) =>
  ask(`/storage/v1/object/images/events/${name}.png`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: PNG,
  });
const readEvents = () => ask('/rest/v1/events?select=id&limit=1', { headers: anon() });

it('answers 503 to writes on a full database, serves reads meanwhile, and writes again once there is room', async () => {
  const before = await signIn();
  expect(before.status, before.text).toBe(200);
  const token = (before.body as { access_token: string }).access_token;
  const { rows: seeded } = await admin.query<{ name: string }>(
    "select name from storage.objects where bucket_id = 'images' limit 1",
  );
  expect(seeded).toHaveLength(1);

  await diskFull(true);
  try {
    // What needs no new row is served.
    expect((await readEvents()).status).toBe(200);
    const image = await fetch(`${stack.apiUrl}/storage/v1/object/public/images/${seeded[0]!.name}`);
    expect(image.status).toBe(200);
    await image.arrayBuffer();
    const user = await ask('/auth/v1/user', { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } });
    expect(user.status, user.text).toBe(200);

    // REST: PostgREST answers class 53 (insufficient resources) with 503.
    const submitted = await submit('Disk full');
    expect(submitted.status, submitted.text).toBe(503);
    expect(submitted.body).toMatchObject({ code: '53100' });
    // Storage: 503 in its own error shape, and no file left behind for a row never written.
    const uploaded = await upload(token, 'disk-full');
    expect(uploaded.status, uploaded.text).toBe(503);
    expect(uploaded.body).toEqual({
      statusCode: '503',
      code: 'DatabaseUnavailable',
      error: 'Service Unavailable',
      message: 'The database is not available. Try again in a moment.',
    });
    expect(fs.existsSync(path.join(dir, 'storage', 'images', 'events', 'disk-full.png'))).toBe(false);
    // Auth: a sign-in (a new session row) fails as GoTrue's does on a database error, the
    // password not counted as wrong (CONTRACT.md, "Limits").
    const refused = await signIn();
    expect(refused.status, refused.text).toBe(500);
    expect(refused.body).toMatchObject({ code: 'unexpected_failure' });
  } finally {
    await diskFull(false);
  }

  // Room again: every write goes through, and none of the refused ones was half made.
  expect((await submit('Room again')).status).toBe(201);
  expect((await upload(token, 'room-again')).status).toBe(200);
  expect((await signIn()).status).toBe(200);
  const { rows } = await admin.query<{ name: string }>(
    "select name from public.submissions where name in ('Disk full', 'Room again')",
  );
  expect(rows.map((r) => r.name)).toEqual(['Room again']);
}, 60_000);
