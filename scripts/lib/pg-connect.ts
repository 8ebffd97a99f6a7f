// How every script connects to a project's database (backup, restore, the release's checks):
// a database on this machine may be plain, any other must use TLS verified against the
// project's CA certificate (SUPABASE_DB_CA: Supabase's dashboard offers it under Database →
// SSL configuration). node-postgres does not verify by default and a pooler URL asks for no
// TLS at all, so the rule is made here rather than left to the URL.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;
/** Parameters of libpq's URL that node-postgres would read and let override the rule below. */
const SSL_PARAMS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslcrl', 'uselibpqcompat'];

export const isLocalHost = (host: string) => LOOPBACK.test(host);

/** SUPABASE_DB_CA holds the certificate itself, not a file's name. */
export const isPem = (value: string) => value.trim().startsWith('-----BEGIN');

/**
 * The CA certificate: SUPABASE_DB_CA holds the PEM itself (a CI secret) or names a file
 * (relative to `root`). Undefined when it is not set.
 */
export function readCa(value: string | undefined, root: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let pem = v;
  if (!isPem(v)) {
    try {
      pem = fs.readFileSync(path.resolve(root, v), 'utf8');
    } catch (e) {
      throw new Error(`SUPABASE_DB_CA names ${v}, which cannot be read (${(e as Error).message}).`);
    }
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error('SUPABASE_DB_CA is neither a PEM certificate nor a file holding one.');
  return pem;
}

/**
 * The node-postgres settings for `dbUrl`: TLS verified against `ca` whenever a CA is given or
 * the host is not this machine; refused when such a host has no CA or the URL turns TLS off.
 */
export function pgConfig(dbUrl: string, ca: string | undefined, applicationName: string): pg.ClientConfig {
  const url = new URL(dbUrl);
  const host = url.hostname;
  const mode = url.searchParams.get('sslmode');
  for (const p of SSL_PARAMS) url.searchParams.delete(p);
  if (!isLocalHost(host)) {
    if (mode === 'disable')
      throw new Error(
        `The database URL turns TLS off (sslmode=disable) for ${host}: personal data would travel in clear.`,
      );
    if (!ca)
      throw new Error(
        `The database at ${host} is not on this machine: set SUPABASE_DB_CA to the project's CA certificate ` +
          '(Database → SSL configuration → Download certificate; docs/operations.md, "The database certificate").',
      );
  }
  return {
    connectionString: url.href,
    application_name: applicationName,
    // Node checks the certificate's name against the host by default (checkServerIdentity).
    ssl: ca ? { ca, rejectUnauthorized: true, ...(net.isIP(host) ? {} : { servername: host }) } : false,
  };
}
