// Shared helpers for the database tests: clients per role, users created through the auth
// admin API with staff rows inserted by the service role, and direct SQL for pg_catalog
// queries. Every client reaches the gateway from 127.0.0.1, which is the address the rate
// limits key on (whatever x-forwarded-for says), so tests that submit empty
// private.submission_attempts first (resetRateLimits).
import { randomBytes, randomUUID } from 'node:crypto';
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

/** A client; `headers` are sent with every request (e.g. a spoofed x-forwarded-for). */
export function client(key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: { headers },
  });
}

export const anon = (headers?: Record<string, string>) => client(env.anonKey, headers);
export const service = () => client(env.serviceRoleKey);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
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
  const { error: signInError } = await c.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(`sign-in: ${signInError.message}`);
  return { id: data.user.id, email, password, client: c };
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

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
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

export { randomUUID, env };
