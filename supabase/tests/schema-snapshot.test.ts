// supabase/schema.sql is the readable whole of the schema (migrations are append-only, so their
// history only grows): it must be what the migrations build, dumped from the stack under test.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_COMMAND, dumpSchema, schemaFile } from '../../scripts/dump-schema.ts';
import { env } from './helpers.ts';

describe('supabase/schema.sql', () => {
  it('is a fresh dump of the database the migrations build', async () => {
    const fresh = await dumpSchema(env.dbUrl);
    expect(fs.readFileSync(schemaFile, 'utf8'), `supabase/schema.sql is stale: run \`${SCHEMA_COMMAND}\``).toBe(fresh);
  });

  it('holds every table, function and policy, with its grants', async () => {
    const text = await dumpSchema(env.dbUrl);
    for (const needle of [
      'create table public.submissions (',
      'alter table public.submissions enable row level security;',
      'CREATE OR REPLACE FUNCTION public.submit(jsonb)',
      'grant execute on function public.submit(jsonb) to anon;',
      'create type public.claimed_mail as (',
      'create policy',
      '-- storage.objects',
    ]) {
      expect(text).toContain(needle);
    }
  });
});
