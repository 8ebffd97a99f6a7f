// The content registry (20261202100000_content_registry.sql, docs/data-model.md "The content
// registry"): a table made a content table by private.add_content_table behaves as the existing
// ones do, the existing ones are built as it builds them, and the registry is the console's
// content group. The throw-away table lives in a transaction that is rolled back; each role's
// statements run in it with `set local role` and the JWT claims PostgREST would set.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from '../local-stack/test/env.ts';
import { createUser, rand, sql, type TestUser } from './helpers.ts';

type Q = (text: string, params?: unknown[]) => Promise<pg.QueryResultRow[]>;
type As = 'anon' | 'editor' | 'superadmin' | 'owner';

let editor: TestUser;
let superadmin: TestUser;
beforeAll(async () => {
  [editor, superadmin] = await Promise.all([createUser('editor'), createUser('superadmin')]);
});

/** Runs `body` on one connection inside a transaction that is rolled back afterwards. */
async function inTransaction<T>(body: (q: Q, as: (who: As) => Promise<void>) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  const q: Q = async (text, params) => (await c.query(text, params)).rows;
  const as = async (who: As) => {
    await q('reset role');
    if (who === 'owner') return;
    const user = who === 'editor' ? editor : who === 'superadmin' ? superadmin : null;
    const claims = user ? { sub: user.id, role: 'authenticated', email: user.email } : { role: 'anon' };
    await q(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await q(`set local role ${user ? 'authenticated' : 'anon'}`);
  };
  try {
    await q('begin');
    return await body(q, as);
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.end();
  }
}

/** The error message of `text`, run in a savepoint so the transaction goes on; null if it passed. */
async function refusal(q: Q, text: string, params?: unknown[]): Promise<string | null> {
  await q('savepoint attempt');
  try {
    await q(text, params);
    await q('release savepoint attempt');
    return null;
  } catch (e) {
    await q('rollback to savepoint attempt');
    return (e as Error).message;
  }
}

describe('private.add_content_table', () => {
  it('gives a new table what every content table has', async () => {
    const table = `registry_test_${rand()}`;
    const folder = `registry-test-${rand()}`;
    await inTransaction(async (q, as) => {
      await q(`create table public.${table} (
        id uuid primary key default gen_random_uuid(),
        title text not null,
        logo_path text,
        shown_at timestamptz,
        hidden boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
      await q(
        `select private.add_content_table($1::regclass, image_column => 'logo_path', image_folder => $2,
                publish_times => '{"shown_at": "not hidden"}')`,
        [`public.${table}`, folder],
      );
      await q('delete from private.publish_changes');
      const shownAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
      const logo = `${folder}/logo-1700000000000-64x64.png`;

      // An editor adds a row: audited, a publish change recorded, version 1.
      await as('editor');
      const [row] = await q(
        `insert into public.${table} (title, logo_path, shown_at) values ('A', $1, $2) returning *`,
        [logo, shownAt],
      );
      expect(row).toMatchObject({ title: 'A', version: 1 });
      await as('owner');
      expect(
        await q('select action, actor_id from public.audit_log where table_name = $1 and row_id = $2', [
          table,
          row!.id,
        ]),
      ).toEqual([{ action: 'INSERT', actor_id: editor.id }]);
      expect(await q('select content, operation, row_key from private.publish_changes')).toEqual([
        { content: table, operation: 'INSERT', row_key: row!.id },
      ]);
      // The image folder is the table's: a path elsewhere is refused.
      expect(await refusal(q, `update public.${table} set logo_path = 'news/x.png' where id = $1`, [row!.id])).toMatch(
        /logo_path_in_folder/,
      );

      // Visitors read it.
      await as('anon');
      expect(await q(`select title from public.${table}`)).toEqual([{ title: 'A' }]);

      // An update naming no version, or an old one, is refused; naming the current one passes.
      await as('editor');
      expect(await refusal(q, `update public.${table} set title = 'B' where id = $1`, [row!.id])).toBe('stale_record');
      await q(`update public.${table} set title = 'B', version = 1 where id = $1`, [row!.id]);
      expect(await refusal(q, `update public.${table} set title = 'C', version = 1 where id = $1`, [row!.id])).toBe(
        'stale_record',
      );
      expect(await q(`select title, version from public.${table}`)).toEqual([{ title: 'B', version: 2 }]);

      // Its history, for staff.
      expect(
        (await q('select action from public.record_history($1, $2)', [table, row!.id])).map((r) => r.action),
      ).toEqual(['UPDATE', 'INSERT']);

      // The image in use: staff may not replace it, only superadmins.
      await as('owner');
      expect((await q('select private.image_in_use($1) as used', [logo]))[0]!.used).toBe(true);
      expect((await q('select private.image_in_use($1) as used', [`${folder}/other.png`]))[0]!.used).toBe(false);

      // Staff upload to its folder, never to a folder no content table has.
      await as('editor');
      expect(
        await refusal(q, `insert into storage.objects (bucket_id, name) values ('images', $1)`, [`${folder}/new.png`]),
      ).toBeNull();
      expect(
        await refusal(q, `insert into storage.objects (bucket_id, name) values ('images', $1)`, [
          `not-${folder}/new.png`,
        ]),
      ).toMatch(/row-level security/);

      // Its publish time counts while the condition holds.
      await as('owner');
      const times = async () =>
        (await q('select t.at from private.publish_times() t(at)')).map((r) => (r.at as Date).toISOString());
      expect(await times()).toContain(shownAt);
      await q(`update public.${table} set hidden = true`);
      expect(await times()).not.toContain(shownAt);

      // Editors cannot delete it; superadmins can, which is recorded and publishes.
      await as('editor');
      expect(await q(`delete from public.${table} returning id`)).toEqual([]);
      await as('superadmin');
      expect(await q(`delete from public.${table} returning id`)).toEqual([{ id: row!.id }]);
      await as('owner');
      expect(
        (await q('select operation from private.publish_changes where content = $1 order by id', [table])).map(
          (r) => r.operation,
        ),
      ).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE']);
      expect(await q('select restorable from private.history_tables where table_name = $1', [table])).toEqual([
        { restorable: true },
      ]);
    });
  });

  it('visitors = own leaves the table its own select policies', async () => {
    const table = `registry_test_${rand()}`;
    await inTransaction(async (q) => {
      await q(`create table public.${table} (id uuid primary key default gen_random_uuid(),
        created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
      await q(`select private.add_content_table($1::regclass, visitors => 'own')`, [`public.${table}`]);
      expect(
        (await q('select policyname from pg_policies where tablename = $1 order by 1', [table])).map(
          (r) => r.policyname,
        ),
      ).toEqual(['staff insert', 'staff update', 'superadmins delete']);
    });
  });

  it('refuses a misuse, naming what is wrong', async () => {
    const table = `registry_test_${rand()}`;
    await inTransaction(async (q) => {
      await q(`create table public.${table} (id uuid primary key default gen_random_uuid(), photo_path text,
        starts_at date, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
      const add = (args: string) => refusal(q, `select private.add_content_table('public.${table}'${args})`);
      expect(await add(`, image_column => 'photo_path', image_folder => 'news'`)).toBe(
        `add_content_table: the image folder 'news' is already news's`,
      );
      expect(await add(`, image_column => 'logo_path', image_folder => 'x-logos'`)).toBe(
        `add_content_table: public.${table} has no image column logo_path`,
      );
      expect(await add(`, image_column => 'photo_path'`)).toMatch(/needs an image folder/);
      expect(await add(`, image_column => 'photo_path', image_folder => 'Logos/'`)).toMatch(/lower-case letters/);
      expect(await add(`, publish_times => '{"starts_at": null}'`)).toMatch(/starts_at .* is not a timestamptz column/);
      expect(await add(`, publish_times => '{"created_at": "no_such_column"}'`)).toMatch(/no_such_column/);
      expect(await add(`, visitors => 'some'`)).toMatch(/visitors is 'some'/);
      expect(await add(`, key_column => 'slug'`)).toBe(`add_content_table: public.${table} has no column slug`);
      expect(await refusal(q, `select private.add_content_table('private.content_tables')`)).toMatch(
        /not a table in schema public/,
      );
      // Nothing of a refused call stays behind; a good call then passes, a second one is refused.
      expect(await q('select count(*)::int as n from private.content_tables where table_name = $1', [table])).toEqual([
        { n: 0 },
      ]);
      expect(await add('')).toBeNull();
      expect(await add('')).toBe(`add_content_table: public.${table} is already a content table`);
    });
  });
});

interface Registered {
  table_name: string;
  key_column: string;
  image_column: string | null;
  image_folder: string | null;
  visitors: 'all' | 'own';
}
const byTable = (a: { table_name: string }, b: { table_name: string }) => (a.table_name < b.table_name ? -1 : 1);
const registered = async () => (await sql<Registered>('select * from private.content_tables')).sort(byTable);

/** What the drift check reads of the console's registry (admin-console/src/registry.ts). */
interface ConsoleRegistry {
  RESOURCES: readonly { name: string; group: string; image?: { field: string; folder: string } }[];
}
// A specifier the type checker does not follow: this package does not compile the console.
const registryModule = '../../admin-console/src/registry.ts';
// What the public site's queries declare they read (public-site/src/contentTables.ts; its own
// tests hold it equal to the routes' queries), so the three layers name the same tables.
const publicTablesModule = '../../public-site/src/contentTables.ts';
type PublicTables = { CONTENT_TABLES: readonly string[] };

describe('the registered content tables', () => {
  it('are the console’s content group, with the same image columns and folders', async () => {
    const { RESOURCES } = (await import(/* @vite-ignore */ registryModule)) as ConsoleRegistry;
    const content = RESOURCES.filter((r) => r.group === 'content')
      .map((r) => ({ table_name: r.name, image_column: r.image?.field ?? null, image_folder: r.image?.folder ?? null }))
      .sort(byTable);
    expect(content.length).toBeGreaterThan(5);
    expect(
      (await registered()).map(({ table_name, image_column, image_folder }) => ({
        table_name,
        image_column,
        image_folder,
      })),
    ).toEqual(content);
  });

  it('are the content tables of the public site’s route table', async () => {
    const { CONTENT_TABLES } = (await import(/* @vite-ignore */ publicTablesModule)) as PublicTables;
    expect((await registered()).map((t) => t.table_name)).toEqual([...CONTENT_TABLES].sort());
  });

  it('are built as add_content_table builds a table', async () => {
    for (const t of await registered()) {
      const triggers = await sql<{ tgname: string; def: string }>(
        `select tgname, pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = $1::regclass and not tgisinternal`,
        [`public.${t.table_name}`],
      );
      const names = triggers.map((r) => r.tgname);
      for (const name of [
        'set_timestamps',
        'write_audit_log',
        'request_publish',
        'check_version_1_given',
        'check_version_2',
      ])
        expect(names, `${t.table_name} has the trigger ${name}`).toContain(name);
      expect(triggers.find((r) => r.tgname === 'request_publish')!.def, t.table_name).toContain(
        `record_publish_change('${t.key_column}')`,
      );
      const policies = (
        await sql<{ policyname: string }>(
          `select policyname from pg_policies where schemaname = 'public' and tablename = $1`,
          [t.table_name],
        )
      ).map((r) => r.policyname);
      for (const name of ['staff insert', 'staff update', 'superadmins delete'])
        expect(policies, `${t.table_name}: ${name}`).toContain(name);
      expect(policies.includes('everyone reads'), `${t.table_name}: everyone reads`).toBe(t.visitors === 'all');
      // has_table_privilege with a list answers whether any is held: one call per privilege.
      const [grants] = await sql<Record<string, boolean>>(
        `select has_table_privilege('anon', $1, 'select') as anon_select,
                ${['select', 'insert', 'update', 'delete'].map((p) => `has_table_privilege('authenticated', $1, '${p}') as staff_${p}`).join(', ')},
                exists (select 1 from private.history_tables h where h.table_name = $2 and h.restorable) as history`,
        [`public.${t.table_name}`, t.table_name],
      );
      expect(grants, t.table_name).toEqual({
        anon_select: true,
        staff_select: true,
        staff_insert: true,
        staff_update: true,
        staff_delete: true,
        history: true,
      });
      if (t.image_column) {
        const checks = await sql<{ def: string }>(
          `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'c'`,
          [`public.${t.table_name}`],
        );
        expect(
          checks.some((c) => c.def.includes(`(${t.image_column} ~ '^${t.image_folder}/.+$'::text)`)),
          `${t.table_name}.${t.image_column} is checked to lie in ${t.image_folder}/`,
        ).toBe(true);
      }
    }
  });
});
