// The union's tokens (20261201120000_credentials_and_hook_answers.sql, docs/data-model.md
// "credentials"): four fixed rows of holder and expiry, never a secret. Who may read and change
// them is the permission matrix's (matrix.test.ts); these are the rules of what is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sql, type TestUser } from './helpers.ts';

let superadmin: TestUser;
beforeAll(async () => {
  superadmin = await createUser('superadmin');
});
const reset = () => sql(`update public.credentials set holder = null, expires_on = null, note = null`);
afterAll(reset);

/** A superadmin's save of one token, naming its current version as the console does. */
async function save(key: string, patch: Record<string, unknown>) {
  await reset();
  const [{ version }] = await sql<{ version: number }>('select version from public.credentials where key = $1', [key]);
  return superadmin.client
    .from('credentials')
    .update({ ...patch, version })
    .eq('key', key)
    .select('key, holder, expires_on, note');
}
const stored = async (key: string) =>
  (await sql('select holder, expires_on::text, note from public.credentials where key = $1', [key]))[0];

describe('the tokens list', () => {
  it('holds the four tokens that belong to a person, and nothing else (no value column)', async () => {
    const columns = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'credentials' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'key',
      'holder',
      'expires_on',
      'note',
      'created_at',
      'updated_at',
      'version',
    ]);
    expect((await sql('select key from public.credentials order by key')).map((r) => r.key)).toEqual([
      'cloudflare_api_token',
      'publish_hook_token',
      'smtp_password',
      'supabase_access_token',
    ]);
  });

  it('records a holder with an expiry, audited with the superadmin as the actor', async () => {
    const { data, error } = await save('publish_hook_token', { holder: 'Omar Saleh', expires_on: '2027-06-30' });
    expect(error).toBeNull();
    expect(data).toEqual([{ key: 'publish_hook_token', holder: 'Omar Saleh', expires_on: '2027-06-30', note: null }]);
    const [entry] = await sql(
      `select actor_email, action, after ->> 'holder' as holder from public.audit_log
        where table_name = 'credentials' and row_id = 'publish_hook_token' order by id desc limit 1`,
    );
    expect(entry).toEqual({ actor_email: superadmin.email, action: 'UPDATE', holder: 'Omar Saleh' });
  });

  it('refuses a holder without an expiry, but for the SMTP password', async () => {
    const { error } = await save('cloudflare_api_token', { holder: 'Lina Haddad' });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('credentials_expiry_recorded');
    expect(await stored('cloudflare_api_token')).toEqual({ holder: null, expires_on: null, note: null });
    expect((await save('smtp_password', { holder: 'Sara Khalil' })).error).toBeNull();
    expect(await stored('smtp_password')).toEqual({ holder: 'Sara Khalil', expires_on: null, note: null });
  });

  it('refuses a mistyped year, a blank holder or note, and a holder’s name with spaces around it', async () => {
    const year = await save('supabase_access_token', { holder: 'Lina', expires_on: '20227-01-01' });
    expect(year.error?.message).toContain('credentials_expires_on_in_range');
    for (const patch of [
      { holder: '\u200b\u00a0', expires_on: '2027-01-01' },
      { holder: ' Lina ', expires_on: '2027-01-01' },
      { holder: 'Lina', expires_on: '2027-01-01', note: '\u200f ' },
      { holder: 'Lina', expires_on: '2027-01-01', note: 'x'.repeat(1001) },
    ]) {
      const { error } = await save('supabase_access_token', patch);
      expect(error?.code, JSON.stringify(patch)).toBe('23514');
    }
    expect(await stored('supabase_access_token')).toEqual({ holder: null, expires_on: null, note: null });
  });

  it('never changes a token’s key, whoever asks', async () => {
    const { error } = await save('smtp_password', { key: 'smtp_password_2' });
    expect(error?.message).toBe('not_allowed');
    await expect(sql(`update public.credentials set key = 'x' where key = 'smtp_password'`)).rejects.toThrow(
      'not_allowed',
    );
  });
});
