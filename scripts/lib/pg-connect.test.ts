import { describe, expect, it } from 'vitest';
import { isLocalHost, pgConfig } from './pg-connect.js';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const POOLER = 'postgresql://postgres.abcdefghijklmnopqrst:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres';

describe('connections to a database', () => {
  it('counts only this machine as local', () => {
    for (const h of ['localhost', '127.0.0.1', '127.4.5.6', '::1', '[::1]']) expect(isLocalHost(h), h).toBe(true);
    for (const h of ['db.abcdefghijklmnopqrst.supabase.co', '10.0.0.5', '192.168.1.2', 'localhost.example'])
      expect(isLocalHost(h), h).toBe(false);
  });

  it('refuses a hosted database without the CA certificate, or with TLS turned off', () => {
    expect(() => pgConfig(POOLER, undefined, 't')).toThrow(/not on this machine: set SUPABASE_DB_CA/);
    expect(() => pgConfig(`${POOLER}?sslmode=disable`, CA, 't')).toThrow(/sslmode=disable/);
  });

  it('verifies a hosted database against the CA, whatever the URL asks', () => {
    const c = pgConfig(`${POOLER}?sslmode=require&sslrootcert=/tmp/other.crt`, CA, 'union-backup');
    expect(c.ssl).toEqual({ ca: CA, rejectUnauthorized: true, servername: 'aws-0-eu-central-1.pooler.supabase.com' });
    // node-postgres lets the URL's sslmode override the ssl option: it must be gone.
    expect(c.connectionString).not.toMatch(/ssl/);
    expect(c.application_name).toBe('union-backup');
  });

  it('lets the local stack be plain, and verifies it too when a CA is given', () => {
    expect(pgConfig('postgresql://postgres:postgres@127.0.0.1:54322/postgres', undefined, 't').ssl).toBe(false);
    expect(pgConfig('postgresql://postgres:postgres@localhost:54322/postgres', CA, 't').ssl).toMatchObject({
      ca: CA,
      rejectUnauthorized: true,
    });
  });
});
