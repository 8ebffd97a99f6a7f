// The deploy check: the local database is shaped like a hosted project's, so a migration that
// would fail on `supabase db push` to Supabase fails here first. The stack under test applied
// every migration and the seed as `postgres` after the bootstrap demoted it
// (supabase/local-stack/src/bootstrap/90-demote-postgres.admin.sql); Supabase's linter then runs
// on the result (schema.test.ts, "Supabase linter").
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { env, repoRoot, sql } from './helpers.ts';

/** Runs `statements` as postgres in one transaction that is always rolled back; the error, if any. */
async function asPostgres(statements: string): Promise<{ code?: string; message?: string } | null> {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(statements);
    return null;
  } catch (e) {
    return e as { code?: string; message?: string };
  } finally {
    await c.query('rollback').catch(() => {});
    await c.end();
  }
}

describe('a database shaped like a hosted project', () => {
  it('migrations and the seed ran as postgres, which is not a superuser (supabase_admin is)', async () => {
    const [me] = await sql<{ user: string }>('select current_user as user');
    expect(me!.user).toBe('postgres');
    const roles = await sql<{
      rolname: string;
      rolsuper: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
      rolbypassrls: boolean;
    }>(
      `select rolname, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls from pg_roles
       where rolname in ('postgres', 'supabase_admin') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: 'postgres', rolsuper: false, rolcreaterole: true, rolcreatedb: true, rolbypassrls: true },
      { rolname: 'supabase_admin', rolsuper: true, rolcreaterole: true, rolcreatedb: true, rolbypassrls: true },
    ]);
    const applied = new Set(
      (await sql<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
        (r) => r.version,
      ),
    );
    const files = fs.readdirSync(path.join(repoRoot, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(applied.has(f.split('_')[0]!), `${f} applied`).toBe(true);
    // The seed too: the demo accounts have their staff rows.
    expect((await sql<{ n: number }>('select count(*)::int as n from public.staff'))[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('the auth and storage services own their tables; every auth table has row-level security', async () => {
    const tables = await sql<{ schema: string; name: string; owner: string; rls: boolean }>(
      `select n.nspname as schema, c.relname as name, c.relowner::regrole::text as owner, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('auth', 'storage') and c.relkind = 'r'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const t of tables) {
      expect(t.owner, `${t.schema}.${t.name}`).toBe(
        t.schema === 'auth' ? 'supabase_auth_admin' : 'supabase_storage_admin',
      );
      if (t.schema === 'auth') expect(t.rls, `auth.${t.name} has RLS`).toBe(true);
    }
    const members = await sql<{ auth: boolean; storage: boolean }>(
      `select pg_has_role('postgres', 'supabase_auth_admin', 'member') as auth,
              pg_has_role('postgres', 'supabase_storage_admin', 'member') as storage`,
    );
    expect(members).toEqual([{ auth: false, storage: false }]);
  });

  it('postgres may create, alter and drop policies on storage.objects and auth.users, as supautils allows on hosted', async () => {
    expect(
      await asPostgres(`
        create policy "deploy check" on storage.objects for select to authenticated using (bucket_id = 'images');
        alter policy "deploy check" on storage.objects using (false);
        drop policy "deploy check" on storage.objects;
        create policy "deploy check" on auth.users for select to authenticated using (false);`),
    ).toBeNull();
    // Only for that command: postgres is not left a member of the owning roles.
    await asPostgres(`create policy "deploy check" on storage.buckets for select using (false)`);
    expect(
      (await sql<{ m: boolean }>(`select pg_has_role('postgres', 'supabase_storage_admin', 'member') as m`))[0]!.m,
    ).toBe(false);
  });

  it.each([
    [
      'a policy on an auth table supautils does not list',
      `create policy "x" on auth.flow_state for select using (false)`,
    ],
    ['a new column on storage.objects', 'alter table storage.objects add column deploy_check int'],
    ['dropping an auth table', 'drop table auth.one_time_tokens'],
    ['disabling row-level security on auth.users', 'alter table auth.users disable row level security'],
    [
      'a function in the auth schema replaced',
      `create or replace function auth.uid() returns uuid language sql as $$ select null::uuid $$`,
    ],
  ])('refuses what would fail on hosted: %s (42501)', async (_what, statement) => {
    expect((await asPostgres(statement))?.code).toBe('42501');
  });

  it('refuses a plain SQL delete of storage rows, as Storage does (files would be orphaned)', async () => {
    const error = await asPostgres(`delete from storage.objects where bucket_id = 'no such bucket'`);
    expect(error?.code).toBe('42501');
    expect(error?.message).toContain('Direct deletion from storage tables is not allowed');
    // A maintenance script that knows why may, as on hosted.
    expect(
      await asPostgres(
        `set local storage.allow_delete_query = 'true'; delete from storage.objects where bucket_id = 'no such bucket'`,
      ),
    ).toBeNull();
  });
});
