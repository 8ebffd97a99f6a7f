// The database part of a backup: every table of the schemas the project's migrations own
// (`public`, `private`), the auth users and identities (so staff sign in again with their
// passwords), and the schema history, read in one snapshot and written back as `postgres` the
// way a hosted project allows it (no superuser, no ownership of auth's tables).
//
// Rows travel as JSON (to_jsonb / jsonb_populate_recordset) rather than as a pg_dump file: the
// restore then needs no client binary, checks each table's columns against the target's before
// writing anything, and verifies every table's checksum inside the same transaction, so a restore
// that does not reproduce the archive exactly is rolled back whole.
import pg from 'pg';
import { pgConfig } from '../pg-connect.js';

/** Tables the restore writes besides those of the project's own schemas. */
const AUTH_TABLES = ['auth.users', 'auth.identities'];
/** The schemas whose every table is backed up (the migrations' own). */
const OWN_SCHEMAS = ['public', 'private'];
/**
 * Written by the migrations and the nightly retention run themselves: no sign of earlier use.
 * (The publishing settings, the list of tables with a history, the public site's text keys and
 * the content registry are rows migrations insert; the backup drill fails with "The target is
 * not empty" when a new one is missing here.)
 */
const SELF_FILLED = [
  'public.settings',
  'public.audit_log',
  'public.credentials',
  'private.publish_settings',
  'private.history_tables',
  'private.translation_keys',
  'private.content_tables',
  'private.content_publish_times',
];
/** The schema history: archived and compared, never written (the target has its own from deploy). */
export const HISTORY_TABLE = 'supabase_migrations.schema_migrations';

export interface TableInfo {
  /** schema.table */
  name: string;
  /** Columns a row is written with (generated columns are recomputed by the target). */
  columns: string[];
}

export interface TableSummary extends TableInfo {
  rows: number;
  /** md5 of the rows' text forms in sorted order: equal on source and target after a restore. */
  checksum: string;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

const q = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/**
 * A client whose text forms (timestamps, floats) do not depend on the server's defaults, over
 * TLS verified against the project's CA when the database is not on this machine (pg-connect.ts).
 */
export async function connect(target: { dbUrl: string; dbCa?: string }): Promise<pg.Client> {
  const client = new pg.Client(pgConfig(target.dbUrl, target.dbCa, 'union-backup'));
  await client.connect();
  await client.query(
    "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 3",
  );
  return client;
}

/** The backed-up tables as they are in this database, in a stable order. */
export async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = any($1) or n.nspname || '.' || c.relname = any($2))
      group by 1
      order by 1`,
    [OWN_SCHEMAS, [...AUTH_TABLES, HISTORY_TABLE]],
  );
  return rows;
}

/** Applied migrations' versions, oldest first (empty when nothing was ever deployed). */
export async function migrationVersions(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    HISTORY_TABLE,
  ]);
  if (!rows[0]!.present) return [];
  const res = await client.query<{ version: string }>(`select version from ${q(HISTORY_TABLE)} order by version`);
  return res.rows.map((r) => r.version);
}

/** Row count and checksum of `table` over `columns` (the archive's, on a target). */
export async function summarize(client: pg.Client, table: TableInfo): Promise<TableSummary> {
  const cols = table.columns.map((c) => q(c)).join(', ');
  const { rows } = await client.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as h
       from (select row(${cols})::text as r from ${q(table.name)}) rows`,
  );
  return { ...table, rows: rows[0]!.n, checksum: rows[0]!.h };
}

/** The table's rows as a JSON array (text, as Postgres writes it). */
export async function dumpRows(client: pg.Client, table: TableInfo): Promise<string> {
  const cols = table.columns.map((c) => q(c)).join(', ');
  const { rows } = await client.query<{ data: string }>(
    `select coalesce(jsonb_agg(to_jsonb(t)), '[]')::text as data from (select ${cols} from ${q(table.name)}) t`,
  );
  return rows[0]!.data;
}

/** Sequences behind the backed-up tables' serial and identity columns, with where they stand. */
export async function listSequences(client: pg.Client, tables: TableInfo[]): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ name: string }>(
    `select distinct sn.nspname || '.' || s.relname as name
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace tn on tn.oid = t.relnamespace
      where d.deptype in ('a', 'i') and tn.nspname || '.' || t.relname = any($1)
      order by 1`,
    [tables.map((t) => t.name)],
  );
  const out: SequenceValue[] = [];
  for (const { name } of rows) {
    const r = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${q(name)}`,
    );
    out.push({ name, lastValue: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
  }
  return out;
}

/** What makes the target not empty: its users, its files, rows a person or the seed wrote. */
export async function nonEmptyParts(client: pg.Client, tables: TableInfo[]): Promise<string[]> {
  const parts: string[] = [];
  const candidates = [
    ...tables.filter((t) => t.name !== HISTORY_TABLE && !SELF_FILLED.includes(t.name)).map((t) => t.name),
    'storage.objects',
  ];
  for (const name of candidates) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${q(name)}`);
    if (rows[0]!.n > 0) parts.push(`${name} (${rows[0]!.n} rows)`);
  }
  return parts;
}

export interface RestoreTable extends TableSummary {
  /** The rows as dumpRows wrote them. */
  data: string;
}

/**
 * Replaces the target's rows with the archive's in one transaction and checks every table's
 * count and checksum before committing. Triggers are off for the load (session_replication_role,
 * as Supabase's own restore instructions do), so the audit log, the staff rules and the date
 * checks of submissions see the archive as it was, not as new edits.
 */
export async function loadTables(client: pg.Client, tables: RestoreTable[], sequences: SequenceValue[]) {
  const present = new Map((await listTables(client)).map((t) => [t.name, t.columns]));
  for (const t of tables) {
    const cols = present.get(t.name);
    if (!cols) throw new Error(`The target has no table ${t.name}: deploy the same version of the project first.`);
    const missing = t.columns.filter((c) => !cols.includes(c));
    if (missing.length > 0)
      throw new Error(
        `The target's ${t.name} lacks ${missing.join(', ')}: deploy the same version of the project first.`,
      );
  }
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    // CASCADE reaches what hangs off the users (sessions, refresh tokens, factors), which the
    // archive does not carry: the restored staff sign in afresh.
    await client.query(`truncate ${tables.map((t) => q(t.name)).join(', ')} cascade`);
    for (const t of tables) {
      const cols = t.columns.map((c) => q(c)).join(', ');
      await client.query(
        `insert into ${q(t.name)} (${cols}) overriding system value
         select ${cols} from jsonb_populate_recordset(null::${q(t.name)}, $1::jsonb)`,
        [t.data],
      );
    }
    for (const s of sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [q(s.name), s.lastValue, s.isCalled]);
    }
    for (const t of tables) {
      const got = await summarize(client, t);
      if (got.rows !== t.rows || got.checksum !== t.checksum)
        throw new Error(
          `${t.name} does not match the archive after loading (${got.rows} rows, expected ${t.rows}); the database was left as it was.`,
        );
    }
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    if (e instanceof Error && /session_replication_role/.test(e.message))
      throw new Error(
        `${e.message}. On the local stack, a database made before backups existed lacks this right: run \`npm run db:reset\`.`,
      );
    throw e;
  }
}
