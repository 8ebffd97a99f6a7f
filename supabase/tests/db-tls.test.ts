// Connections to a database that is not on this machine use TLS verified against the project's
// CA (scripts/lib/pg-connect.ts). Here the test stack's Postgres is given a certificate made for
// the test, and the backup's own connect() must verify it: the right CA connects over TLS, another
// CA is refused, and a server without TLS is refused when a CA is expected.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../scripts/lib/backup/database.ts';
import { env } from './helpers.ts';

const admin = () => {
  const url = new URL(env.dbUrl);
  url.username = 'supabase_admin';
  return url.href;
};

/** Runs each statement on its own (ALTER SYSTEM refuses a multi-statement string); the last one's `v`. */
async function asAdmin(...sql: string[]): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: admin() });
  await c.connect();
  try {
    let v: string | undefined;
    for (const q of sql) v = (await c.query<{ v: string }>(q)).rows[0]?.v;
    return v;
  } finally {
    await c.end();
  }
}

/** The stack's database by name (not 127.0.0.1), as a hosted project's would be reached. */
const byName = () => {
  const url = new URL(env.dbUrl);
  url.hostname = 'localhost';
  return url.href;
};

const makeCert = async () =>
  generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });

async function sslOn(): Promise<boolean> {
  const c = await connect({ dbUrl: byName(), dbCa: ca });
  try {
    const r = await c.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
    return r.rows[0]!.ssl;
  } finally {
    await c.end();
  }
}

let dir: string;
let ca: string;

describe('TLS to the database', () => {
  beforeAll(async () => {
    const server = await makeCert();
    ca = server.cert;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-db-tls-'));
    // Postgres reads the files as its own user (another one when the tests run as root).
    fs.chmodSync(dir, 0o755);
    const owner = fs.statSync((await asAdmin("select setting as v from pg_settings where name = 'data_directory'"))!);
    const crt = path.join(dir, 'server.crt');
    const key = path.join(dir, 'server.key');
    fs.writeFileSync(crt, server.cert, { mode: 0o644 });
    fs.writeFileSync(key, server.private, { mode: 0o600 });
    if (process.getuid?.() === 0) for (const f of [crt, key]) fs.chownSync(f, owner.uid, owner.gid);
  });

  afterAll(async () => {
    await asAdmin(
      'alter system reset ssl',
      'alter system reset ssl_cert_file',
      'alter system reset ssl_key_file',
      'select pg_reload_conf()::text as v',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a server without TLS when a CA is expected', async () => {
    await expect(connect({ dbUrl: byName(), dbCa: ca })).rejects.toThrow(/does not support SSL/);
  });

  it('connects over TLS verified against the CA, and refuses another CA', async () => {
    const crt = path.join(dir, 'server.crt');
    const key = path.join(dir, 'server.key');
    await asAdmin(
      `alter system set ssl_cert_file = '${crt}'`,
      `alter system set ssl_key_file = '${key}'`,
      'alter system set ssl = on',
      'select pg_reload_conf()::text as v',
    );
    // The reload is asynchronous: wait for new connections to see it.
    for (let i = 0; i < 50 && (await asAdmin("select setting as v from pg_settings where name = 'ssl'")) !== 'on'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await sslOn()).toBe(true);

    const other = await makeCert();
    await expect(connect({ dbUrl: byName(), dbCa: other.cert })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
