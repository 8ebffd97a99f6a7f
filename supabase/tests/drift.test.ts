// The facts the apps keep a TypeScript copy of, checked against the database they copy, so that
// a migration that changes one fails here instead of in a visitor's browser: setting keys, the
// image bucket (folders, size, types), the refusal keys the database raises, the rating range,
// the password policy, and the console's resource registry (tables, primary keys, computed
// fields, audited tables).
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_BUCKET,
  MAX_IMAGE_BYTES,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  RESTORE_DAYS,
  SETTING_KEYS,
} from '@union/shared/constants';
import { DB_ERROR_KEYS } from '@union/shared/errors';
import { en as adminEn } from '@union/shared/i18n/admin/en';
import { readProjectConfig } from '@union/local-stack';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, sql } from './helpers.ts';

/** The quoted strings of an SQL text, e.g. a check constraint or a policy. */
const literals = (text: string) => [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]!);

async function constraint(table: string, name: string): Promise<string> {
  const rows = await sql<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def from pg_constraint c
     where c.conrelid = $1::regclass and c.conname = $2`,
    [table, name],
  );
  expect(rows, `constraint ${name} on ${table}`).toHaveLength(1);
  return rows[0]!.def;
}

describe('TypeScript copies of SQL facts', () => {
  it('SETTING_KEYS are exactly the keys settings_key_check allows', async () => {
    expect(literals(await constraint('public.settings', 'settings_key_check')).sort()).toEqual(
      [...SETTING_KEYS].sort(),
    );
  });

  it('the image bucket: its name, size limit and types, and the folders staff may write', async () => {
    const [bucket] = await sql<{ file_size_limit: string; allowed_mime_types: string[] }>(
      'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [IMAGE_BUCKET],
    );
    expect(Number(bucket!.file_size_limit)).toBe(MAX_IMAGE_BYTES);
    expect([...bucket!.allowed_mime_types].sort()).toEqual([...ALLOWED_IMAGE_TYPES].sort());
    // The folders are the content registry's (20261202100000_content_registry.sql, compared with
    // the console's by content-registry.test.ts); the policies on storage.objects ask it instead
    // of listing them.
    const policies = await sql<{ policyname: string; rule: string }>(
      `select policyname, coalesce(with_check, qual) as rule from pg_policies
       where schemaname = 'storage' and tablename = 'objects' and cmd in ('INSERT', 'UPDATE', 'DELETE')`,
    );
    expect(policies.length).toBeGreaterThanOrEqual(3);
    for (const p of policies) {
      expect(p.rule, p.policyname).toMatch(/foldername\(name\)\)\[1\] = ANY \(\( SELECT private\.image_folders\(\)/);
      expect(literals(p.rule), p.policyname).toEqual([IMAGE_BUCKET]);
    }
  });

  it('the refusal keys the database raises are the apps’ keys, each translated', async () => {
    const sources = (
      await sql<{ src: string }>(
        `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'private')`,
      )
    )
      .map((r) => r.src)
      .join('\n');
    const raised = new Set<string>();
    // `raise … message = 'key'`, `message = case … then 'key' else 'key' end`, `private.refusal('key')`
    // and the unique-index mapping `when '<index>' then 'key'`.
    for (const re of [
      /message\s*=\s*'([a-z_]+)'/g,
      /refusal\('([a-z_]+)'/g,
      /then '((?:duplicate|not|student|book|event|registration|spam|invalid|own|rate)_[a-z_]+)'/g,
      /else '((?:duplicate)_[a-z_]+)'/g,
    ]) {
      for (const m of sources.matchAll(re)) raised.add(m[1]!);
    }
    const consoleOnly = [
      'person_required',
      'staff_account',
      'not_restorable',
      'restore_expired',
      'record_exists',
      'invalid_image_name',
    ];
    // Answered only to the build that reports a publish (report_publish, the service role), never
    // to a person, so it has no translation.
    const buildOnly = ['build_not_running'];
    expect([...raised].sort()).toEqual([...DB_ERROR_KEYS, ...consoleOnly, ...buildOnly].sort());
    const translated: Record<string, unknown> = adminEn.errors;
    for (const key of raised)
      if (!buildOnly.includes(key))
        expect(typeof translated[key], `errors.${key} in the console's texts`).toBe('string');
  });

  it('the rating range is the submissions check', async () => {
    const rows = await sql<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = 'public.submissions'::regclass and pg_get_constraintdef(c.oid) like '%rating >=%'`,
    );
    expect(rows.map((r) => r.def).join(' ')).toContain(`rating >= ${RATING_MIN}`);
    expect(rows.map((r) => r.def).join(' ')).toContain(`rating <= ${RATING_MAX}`);
  });

  it('the audit log’s actions are the console’s audit.actions, each translated', async () => {
    expect(literals(await constraint('public.audit_log', 'audit_log_action_check')).sort()).toEqual(
      Object.keys(adminEn.audit.actions).sort(),
    );
  });

  it('the restore period of deleted records is private.restore_days(), and the docs say so', async () => {
    const [row] = await sql<{ days: number }>('select private.restore_days() as days');
    expect(row!.days).toBe(RESTORE_DAYS);
    for (const doc of ['data-model.md', 'privacy.md', 'permissions.md']) {
      const text = fs.readFileSync(path.join(repoRoot, 'docs', doc), 'utf8');
      const periods = [...text.matchAll(/restor(?:ed|able) for (\d+) days/g)].map((m) => Number(m[1]));
      expect(periods.length, `${doc} states the restore period`).toBeGreaterThan(0);
      expect(new Set(periods), doc).toEqual(new Set([RESTORE_DAYS]));
    }
  });

  it('the password policy is config.toml’s', () => {
    const cfg = readProjectConfig();
    expect(cfg.auth.passwordMinLength).toBe(PASSWORD_MIN_LENGTH);
    expect(cfg.auth.passwordRequirements).toBe('lower_upper_letters_digits');
  });
});

/** What the drift check reads of the console's registry (admin-console/src/registry.ts). */
interface Registry {
  RESOURCES: readonly { name: string; primaryKey?: readonly string[]; computed?: readonly string[] }[];
  AUDITED_TABLES: readonly string[];
  RESTORABLE_TABLES: readonly string[];
}
// A specifier the type checker does not follow: this package does not compile the console.
const registryModule = '../../admin-console/src/registry.ts';

describe('the console’s resource registry', () => {
  it('names tables of the schema, with their primary keys and computed fields', async () => {
    const { RESOURCES } = (await import(/* @vite-ignore */ registryModule)) as Registry;
    expect(RESOURCES.length).toBeGreaterThan(5);
    for (const resource of RESOURCES) {
      const table = `public.${resource.name}`;
      const keys = await sql<{ attname: string }>(
        `select a.attname from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = $1::regclass and i.indisprimary`,
        [table],
      );
      expect(keys.map((k) => k.attname).sort(), `primary key of ${table}`).toEqual(
        [...(resource.primaryKey ?? ['id'])].sort(),
      );
      // A computed field is a function in public taking the table's row type.
      const computed = await sql<{ proname: string }>(
        `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.pronargs = 1 and p.proargtypes[0] = $1::regtype`,
        [table],
      );
      expect(computed.map((c) => c.proname).sort(), `computed fields of ${table}`).toEqual(
        [...(resource.computed ?? [])].sort(),
      );
    }
  });

  it('offers the audit log’s filter exactly the tables that write to it', async () => {
    const { AUDITED_TABLES } = (await import(/* @vite-ignore */ registryModule)) as Registry;
    // The tables' trigger writes their own name; the one on storage.objects writes `images`.
    const triggers = await sql<{ relname: string }>(
      `select case when t.tgname = 'write_image_audit_log' then 'images' else c.relname end as relname
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname in ('write_audit_log', 'write_image_audit_log')`,
    );
    // `privacy` is the erasures' and retention runs' entry, written by functions, not a trigger.
    expect(AUDITED_TABLES.filter((t) => t !== 'privacy').sort()).toEqual(triggers.map((t) => t.relname).sort());
  });

  it('gives every audited table a row version and every content table a history', async () => {
    // Audited means staff change it (the write_audit_log trigger); each such table refuses stale
    // saves (docs/data-model.md "Row versions"), so a new content type cannot forget its one line.
    const rows = await sql<{ relname: string; versioned: boolean; history: boolean }>(
      `select c.relname,
              exists (select 1 from pg_trigger v where v.tgrelid = c.oid and v.tgname = 'check_version_2') as versioned,
              exists (select 1 from private.history_tables h where h.table_name = c.relname) as history
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = 'write_audit_log'`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.versioned, `${r.relname} tracks its version`).toBe(true);
    const { RESOURCES } = (await import(/* @vite-ignore */ registryModule)) as Registry;
    // Submissions and staff accounts have no history on purpose (migration record_history).
    const withHistory = RESOURCES.map((r) => r.name).filter((n) => !['submissions', 'staff', 'audit_log'].includes(n));
    for (const name of withHistory)
      expect(rows.find((r) => r.relname === name)?.history, `${name} keeps a history`).toBe(true);
  });

  it('offers the restore of deleted records for exactly the tables the database restores', async () => {
    const rows = await sql<{ table_name: string }>(
      'select table_name from private.history_tables where restorable order by table_name',
    );
    const { RESTORABLE_TABLES } = (await import(/* @vite-ignore */ registryModule)) as Registry;
    expect(rows.map((r) => r.table_name)).toEqual([...RESTORABLE_TABLES].sort());
  });
});

describe('the docs', () => {
  it('docs/architecture.md’s table of migrations names every migration, in order', () => {
    const files = fs.readdirSync(path.join(repoRoot, 'supabase/migrations')).filter((f) => f.endsWith('.sql'));
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    const listed = [...doc.matchAll(/^\| `(\d{14}_[a-z0-9_]+\.sql)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(files.sort());
  });
});
