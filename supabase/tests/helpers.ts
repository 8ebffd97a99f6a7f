// Shared helpers for the database tests: clients per role, users created through the auth
// admin API with staff rows inserted by the service role, and direct SQL for pg_catalog
// queries. Clients reach the gateway from 127.0.0.1 unless made with fetchFrom(<address>) (the
// whole of 127/8 is this machine); the rate limits key on that address (whatever
// x-forwarded-for says), so tests that submit empty private.submission_attempts first
// (resetRateLimits).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { env } from '../local-stack/test/env.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type RoleName = 'visitor' | 'signed-in' | 'editor' | 'superadmin';
export const ROLES: RoleName[] = ['visitor', 'signed-in', 'editor', 'superadmin'];

let ipCounter = 0;
/** A distinct documentation-range address, for spoofed x-forwarded-for headers. */
export function freshIp(): string {
  ipCounter += 1;
  const r = randomBytes(2);
  return `198.${18 + (r[0]! % 2)}.${r[1]}.${ipCounter % 250}`;
}

export function rand(): string {
  return randomBytes(6).toString('hex');
}

/**
 * A fetch whose connections leave from `localAddress` (e.g. 127.0.0.7): a client the gateway sees
 * with an address of its own, as a visitor on another network would be.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  const agent = new http.Agent({ keepAlive: true, localAddress });
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const r = http.request(
        req.url,
        { method: req.method, agent, headers: Object.fromEntries(req.headers) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) for (const x of [v ?? []].flat()) headers.append(k, x);
            const status = res.statusCode ?? 0;
            const empty = status === 204 || status === 304 || req.method === 'HEAD';
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers }),
            );
          });
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  };
}

let addressCounter = 0;
/** A loopback address no other client of this run uses (127.<pid>.<n>.<n>). */
export function freshLoopback(): string {
  addressCounter += 1;
  return `127.${(process.pid % 200) + 20}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** A client; `headers` are sent with every request (e.g. a spoofed x-forwarded-for). */
export function client(key: string, headers: Record<string, string> = {}, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: { headers, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
  });
}

export const anon = (headers?: Record<string, string>) => client(env.anonKey, headers);
/** A visitor whose requests come from `address` (a loopback address: see fetchFrom). */
export const anonFrom = (address: string) => client(env.anonKey, {}, fetchFrom(address));

/** A visitor's submission, as the public site sends it: rpc('submit', row). Resolves to the error or null. */
export async function submit(c: SupabaseClient, row: unknown) {
  const { error } = await c.rpc('submit', row as Record<string, unknown>);
  return error;
}
export const service = () => client(env.serviceRoleKey);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
  /** The session's access token (for requests made by hand). */
  token: string;
}

/** A confirmed auth user (admin API), optionally with a staff row, signed in on its own client. */
export async function createUser(role: 'editor' | 'superadmin' | null): Promise<TestUser> {
  const svc = service();
  const email = `t-${role ?? 'user'}-${rand()}@union.test`;
  const password = 'Test-pass1';
  const { data, error } = await svc.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
  if (role) {
    const { error: staffError } = await svc.from('staff').insert({ user_id: data.user.id, email, role });
    if (staffError) throw new Error(`staff insert: ${staffError.message}`);
  }
  const c = client(env.anonKey);
  const { data: session, error: signInError } = await c.auth.signInWithPassword({ email, password });
  if (signInError || !session.session) throw new Error(`sign-in: ${signInError?.message}`);
  return { id: data.user.id, email, password, client: c, token: session.session.access_token };
}

export interface RoleClients {
  clients: Record<RoleName, SupabaseClient>;
  users: Partial<Record<RoleName, TestUser>>;
}

export async function roleClients(): Promise<RoleClients> {
  const [signedIn, editor, superadmin] = await Promise.all([
    createUser(null),
    createUser('editor'),
    createUser('superadmin'),
  ]);
  return {
    clients: { visitor: anon(), 'signed-in': signedIn.client, editor: editor.client, superadmin: superadmin.client },
    users: { 'signed-in': signedIn, editor, superadmin },
  };
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** Empties the rate-limit bookkeeping (every kind, every address), as the superuser. */
export async function resetRateLimits(): Promise<void> {
  await sql('delete from private.submission_attempts');
}

export const L = (s: string) => ({ en: `${s} (en)`, ar: `${s} (ar) عربي`, tr: `${s} (tr) Türkçe` });

/** A valid PNG of one colour (the storage tests need image bytes, not the demo pictures). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => Buffer.from(rgb))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

// Two images of different byte lengths (the replace test compares sizes).
export const pngBytes = () => png(64, 64, [0, 122, 61]);
export const pngBytes2 = () => png(48, 96, [206, 17, 38]);

export function futureIso(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

/** A date `days` from today (UTC), YYYY-MM-DD: loan dates must be today up to 60 days ahead. */
/** A new event, added with the service role: ten days ahead, registration open; `fields` override. */
export async function newEvent(fields: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const { error } = await service()
    .from('events')
    .insert({
      id,
      title: L('Test event'),
      description: L('D'),
      location: L('Hall'),
      starts_at: futureIso(10),
      registration_open: true,
      photo_path: 'events/test.png',
      ...fields,
    });
  if (error) throw new Error(error.message);
  return id;
}

export function futureDate(days: number): string {
  return futureIso(days).slice(0, 10);
}

/** Seed ids (supabase/seed.sql). */
export const SEED = {
  superadminId: '5a000000-0000-4000-8000-000000000001',
  editorId: '5a000000-0000-4000-8000-000000000002',
  upcomingOpenEvent: 'e0000000-0000-4000-8000-000000000001',
  upcomingClosedEvent: 'e0000000-0000-4000-8000-000000000003',
  pastEvent: 'e0000000-0000-4000-8000-000000000006',
  availableBook: 'b0000000-0000-4000-8000-000000000003',
  unavailableBook: 'b0000000-0000-4000-8000-000000000002',
  enabledStudent: '2021010001',
  disabledStudent: '2019010022',
};

/**
 * A key of the public site's texts without an override now, for a test that writes one: an
 * override must name a key the site has (20261201102000_translation_keys.sql).
 */
export async function freeTranslationKey(): Promise<string> {
  const [row] = await sql<{ key: string }>(
    `select k.key from private.translation_keys k
      where not exists (select 1 from public.translations t where t.key = k.key)
      order by random() limit 1`,
  );
  if (!row) throw new Error('every translation key has an override');
  return row.key;
}

/**
 * The row's current `version` (docs/data-model.md "Row versions"), read with the service role:
 * a staff update names it, as the console does with the version it read.
 */
export async function versionOf(table: string, match: Record<string, string>): Promise<number> {
  const { data, error } = await service().from(table).select('version').match(match).single();
  if (error) throw new Error(`versionOf ${table}: ${error.message}`);
  return (data as { version: number }).version;
}

export { randomUUID, env };
