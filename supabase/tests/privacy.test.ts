// Privacy (supabase/migrations/20261122080600_privacy.sql, docs/privacy.md): retention with a
// chosen "now", who may change the retention settings, and a person's data: lookup and erasure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEFAULT_RETENTION_MONTHS } from '@union/shared/constants';
import type { Database } from '@union/shared/database.types';
import { L, anon, createUser, env, rand, service, sql, type TestUser, versionOf } from './helpers.ts';

type Row = Record<string, unknown>;
/** What public.person_data answers (its generated type). */
type PersonData = Database['public']['CompositeTypes']['person_data'];
const svc = service();
let editor: TestUser;
let superadmin: TestUser;
let signedIn: TestUser;

beforeAll(async () => {
  [editor, superadmin, signedIn] = await Promise.all([
    createUser('editor'),
    createUser('superadmin'),
    createUser(null),
  ]);
});

/**
 * Runs `body` in a transaction that is rolled back: retention is tried at moments in 2001-2006,
 * on rows written for the test, and nothing of it outlives the test.
 */
async function rolledBack(
  body: (q: <T extends pg.QueryResultRow = Row>(text: string, params?: unknown[]) => Promise<T[]>) => Promise<void>,
) {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    await c.query('begin');
    await body(async (text, params = []) => (await c.query(text, params)).rows);
  } finally {
    await c.query('rollback');
    await c.end();
  }
}

describe('retention (private.apply_retention with a chosen now)', () => {
  it('deletes a form 12 months after the latest of its sending, event, decision or return; keeps books that are out', async () => {
    await rolledBack(async (q) => {
      const [event] = await q<{ id: string }>(
        `insert into public.events (title, description, location, starts_at, photo_path)
         values ($1, $1, $1, '2001-07-01T15:00:00Z', 'events/x.webp') returning id`,
        [L('Old event')],
      );
      const [book] = await q<{ id: string }>(
        `insert into public.books (title, author, description) values ($1, $1, $1) returning id`,
        [L('Old book')],
      );
      const rows: [string, string][] = [
        [
          'contact sent',
          `insert into public.submissions (type, name, email, message, created_at)
          values ('contact', $1, 'old@example.com', 'Hello', '2001-01-10T10:00:00Z')`,
        ],
        [
          'registration for a later event',
          `insert into public.submissions (type, name, student_number, event_id, created_at)
          values ('event_registration', $1, '2001000001', '${event!.id}', '2001-01-10T10:00:00Z')`,
        ],
        [
          'feedback decided later',
          `insert into public.submissions (type, name, student_number, message, status, created_at, reviewed_at)
          values ('feedback', $1, '2001000002', 'Thanks', 'approved', '2001-01-10T10:00:00Z', '2001-04-10T10:00:00Z')`,
        ],
        [
          'loan returned later',
          `insert into public.submissions (type, name, student_number, book_id, pickup_location, loan_date, status, created_at, reviewed_at, returned_at)
          values ('book_loan', $1, '2001000003', '${book!.id}', 'campus', '2001-01-20', 'approved', '2001-01-10T10:00:00Z', '2001-01-11T10:00:00Z', '2001-03-10T10:00:00Z')`,
        ],
        [
          'loan still out',
          `insert into public.submissions (type, name, student_number, book_id, pickup_location, loan_date, status, created_at, reviewed_at)
          values ('book_loan', $1, '2001000004', '${book!.id}', 'campus', '2001-01-20', 'approved', '2001-01-10T10:00:00Z', '2001-01-11T10:00:00Z')`,
        ],
      ];
      const tag = `retention-${rand()}`;
      for (const [name, text] of rows) await q(text, [`${tag} ${name}`]);
      const left = async () =>
        (
          await q<{ name: string }>(`select name from public.submissions where name like $1 order by name`, [`${tag}%`])
        ).map((r) => r.name.slice(tag.length + 1));

      // 11 months after sending: everything is kept.
      await q(`select private.apply_retention('2001-12-10T10:00:00Z')`);
      expect(await left()).toHaveLength(5);
      // 12 months and a day after sending: the contact message goes; the others have later dates.
      await q(`select private.apply_retention('2002-01-11T10:00:00Z')`);
      expect(await left()).toEqual([
        'feedback decided later',
        'loan returned later',
        'loan still out',
        'registration for a later event',
      ]);
      // The log of the deleted form (its INSERT, and the DELETE just written) keeps none of its data.
      const logged = async (name: string) =>
        (
          await q(
            `select id from public.audit_log where table_name = 'submissions' and concat(before::text, after::text) like $1`,
            [`%${tag} ${name}%`],
          )
        ).length;
      expect(await logged('contact sent')).toBe(0);
      expect(await logged('loan still out')).toBe(1);
      // A year after the return (March), after the decision (April), after the event (July).
      await q(`select private.apply_retention('2002-03-11T10:00:00Z')`);
      expect(await left()).toEqual(['feedback decided later', 'loan still out', 'registration for a later event']);
      await q(`select private.apply_retention('2002-04-11T10:00:00Z')`);
      expect(await left()).toEqual(['loan still out', 'registration for a later event']);
      await q(`select private.apply_retention('2002-07-02T10:00:00Z')`);
      expect(await left()).toEqual(['loan still out']);
      // The book is still out five years later: the loan is the union's only record of it.
      await q(`select private.apply_retention('2006-01-01T00:00:00Z')`);
      expect(await left()).toEqual(['loan still out']);
    });
  });

  it('follows the setting: 3 months keeps a form 3 months', async () => {
    await rolledBack(async (q) => {
      await q(`update public.settings set value = '3' where key = 'submissionRetentionMonths'`);
      const name = `retention-${rand()}`;
      await q(
        `insert into public.submissions (type, name, email, message, created_at)
               values ('contact', $1, 'old@example.com', 'Hello', '2001-01-10T10:00:00Z')`,
        [name],
      );
      const count = async () =>
        (await q<{ n: number }>(`select count(*)::int as n from public.submissions where name = $1`, [name]))[0]!.n;
      await q(`select private.apply_retention('2001-04-09T10:00:00Z')`);
      expect(await count()).toBe(1);
      const [result] = await q<{ r: Row }>(`select private.apply_retention('2001-04-11T10:00:00Z') as r`);
      expect(await count()).toBe(0);
      // The form's INSERT and DELETE entries lost its data.
      expect(result!.r).toEqual({ submissions: 1, auditEntries: 2 });
    });
  });

  it("forgets the rate limits' bookkeeping (client addresses) after a day", async () => {
    await rolledBack(async (q) => {
      await q(`insert into private.submission_attempts (kind, subject, at) values
                 ('submission', '203.0.113.9', '2001-01-01T10:00:00Z'), ('submission', '203.0.113.9', '2001-01-02T12:00:00Z')`);
      await q(`select private.apply_retention('2001-01-03T11:00:00Z')`);
      const left = await q<{ at: Date }>(`select at from private.submission_attempts where subject = '203.0.113.9'`);
      expect(left.map((r) => r.at.toISOString())).toEqual(['2001-01-02T12:00:00.000Z']);
    });
  });

  it('strips personal data from audit entries older than the setting, once, and records the run with counts only', async () => {
    await rolledBack(async (q) => {
      const person = { name: `Old Student ${rand()}`, student_number: '2001009999' };
      const insertEntry = (at: string) =>
        q<{ id: number }>(
          `insert into public.audit_log (at, actor_id, actor_email, table_name, row_id, action, before, after)
           values ($1, gen_random_uuid(), 'former.staff@union.test', 'students', gen_random_uuid()::text, 'UPDATE', $2, $2) returning id`,
          [at, person],
        );
      const [old] = await insertEntry('2001-01-10T10:00:00Z');
      const [recent] = await insertEntry('2001-12-10T10:00:00Z');
      const [result] = await q<{ r: Row }>(`select private.apply_retention('2002-01-11T10:00:00Z') as r`);
      expect((result!.r as { auditEntries: number }).auditEntries).toBeGreaterThanOrEqual(1);

      const byId = async (id: number) => (await q(`select * from public.audit_log where id = $1`, [id]))[0]!;
      const stripped = await byId(old!.id);
      expect(stripped).toMatchObject({
        before: null,
        after: null,
        actor_email: null,
        actor_id: null,
        table_name: 'students',
        action: 'UPDATE',
      });
      expect(new Date(stripped.anonymised_at as string).toISOString()).toBe('2002-01-11T10:00:00.000Z');
      expect(await byId(recent!.id)).toMatchObject({
        before: person,
        after: person,
        actor_email: 'former.staff@union.test',
        anonymised_at: null,
      });

      const runs = await q(`select * from public.audit_log where action = 'RETENTION' order by id desc limit 1`);
      expect(runs[0]).toMatchObject({ table_name: 'privacy', before: null, after: result!.r });
      // Nothing left to do at the same moment: no new entry.
      const [again] = await q<{ r: Row }>(`select private.apply_retention('2002-01-11T10:00:00Z') as r`);
      expect(again!.r).toEqual({ submissions: 0, auditEntries: 0 });
      expect(await q(`select id from public.audit_log where action = 'RETENTION'`)).toHaveLength(runs.length);
    });
  });
});

describe('retention settings', () => {
  const months = (c = svc) =>
    c
      .from('settings')
      .select('key, value')
      .in('key', ['submissionRetentionMonths', 'auditRetentionMonths'])
      .order('key');
  const setMonths = async (c: typeof svc, value: unknown) =>
    c
      .from('settings')
      .update({ value, version: await versionOf('settings', { key: 'submissionRetentionMonths' }) })
      .eq('key', 'submissionRetentionMonths')
      .select('value');

  afterAll(async () => {
    await svc.from('settings').update({ value: DEFAULT_RETENTION_MONTHS }).eq('key', 'submissionRetentionMonths');
  });

  it('exist with the default every project starts with, readable by visitors (the privacy notice states them)', async () => {
    const { data, error } = await months(anon());
    expect(error).toBeNull();
    expect(data).toEqual([
      { key: 'auditRetentionMonths', value: DEFAULT_RETENTION_MONTHS },
      { key: 'submissionRetentionMonths', value: DEFAULT_RETENTION_MONTHS },
    ]);
  });

  it('are changed by superadmins only, to whole months from 1 to 120', async () => {
    // An editor's update matches no row (the restrictive policy), so nothing changes.
    expect((await setMonths(editor.client, 1)).data).toEqual([]);
    expect((await setMonths(superadmin.client, 24)).data).toEqual([{ value: 24 }]);
    for (const value of [0, 121, 1.5, '12', -3, 1000, true]) {
      expect((await setMonths(superadmin.client, value)).error?.code, String(value)).toBe('23514');
    }
    expect((await months()).data?.find((r) => r.key === 'submissionRetentionMonths')?.value).toBe(24);
  });
});

describe("a person's data (person_data, erase_person)", () => {
  /** A person with a register record, three forms and audit entries (one made by staff). */
  async function person() {
    const studentNumber = `9${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 10)}`;
    const email = `Person.${rand()}@Example.com`;
    const name = `Person ${rand()}`;
    const { error } = await svc.from('students').insert({ name, student_number: studentNumber });
    expect(error).toBeNull();
    const { error: updateError } = await superadmin.client
      .from('students')
      .update({ enabled: false, version: await versionOf('students', { student_number: studentNumber }) })
      .eq('student_number', studentNumber);
    expect(updateError).toBeNull();
    await sql(
      `insert into public.submissions (type, name, email, student_number, message) values
         ('feedback', $1, null, $2, 'The library needs more chairs'),
         ('complaint', $1, $3, $2, 'Too loud'),
         ('contact', $1, $3, null, 'Please call me back')`,
      [name, studentNumber, email.toLowerCase()],
    );
    return { studentNumber, email, name };
  }

  it('is for superadmins only', async () => {
    for (const c of [anon(), signedIn.client, editor.client]) {
      for (const fn of ['person_data', 'erase_person'] as const) {
        const { data, error } = await c.rpc(fn, { student_number: '2021010001' });
        expect(error, fn).not.toBeNull();
        expect(data).toBeNull();
      }
    }
    // Nothing was erased by those calls.
    expect((await svc.from('students').select('id').eq('student_number', '2021010001')).data).toHaveLength(1);
  });

  it('needs a student number or an email', async () => {
    const { error } = await superadmin.client.rpc('person_data', { student_number: ' ', email: '' });
    expect(error).toMatchObject({ code: 'P0001', message: 'person_required' });
  });

  it('shows everything stored about a person, by student number and by email (any case)', async () => {
    const p = await person();
    const { data, error } = await superadmin.client.rpc('person_data', {
      student_number: ` ${p.studentNumber} `,
      email: p.email.toUpperCase(),
    });
    expect(error).toBeNull();
    const found = data as PersonData;
    expect(found.student_number).toBe(p.studentNumber);
    expect(found.email).toBe(p.email.toLowerCase());
    expect(found.submissions!.map((s) => s.type).sort()).toEqual(['complaint', 'contact', 'feedback']);
    expect(found.students).toEqual([
      expect.objectContaining({ name: p.name, student_number: p.studentNumber, enabled: false }),
    ]);
    expect(found.staff).toEqual([]);
    // The register's INSERT (service role) and UPDATE (the superadmin), and each form's INSERT.
    expect(found.audit!.map((a) => `${a.table_name} ${a.action}`).sort()).toEqual([
      'students INSERT',
      'students UPDATE',
      'submissions INSERT',
      'submissions INSERT',
      'submissions INSERT',
    ]);
    expect(found.audit!.find((a) => a.action === 'UPDATE')?.actor_email).toBe(superadmin.email);

    const byEmail = (await superadmin.client.rpc('person_data', { email: p.email })).data as PersonData;
    expect(byEmail.submissions!.map((s) => s.type).sort()).toEqual(['complaint', 'contact']);
    expect(byEmail.students).toEqual([]);
  });

  it("finds a staff member's account and the changes they made", async () => {
    const { data } = await superadmin.client.rpc('person_data', { email: superadmin.email });
    const found = data as PersonData;
    expect(found.staff).toEqual([expect.objectContaining({ email: superadmin.email, role: 'superadmin' })]);
    expect(found.audit!.some((a) => a.actor_email === superadmin.email)).toBe(true);
  });

  it('erases a person: forms and register record deleted, audit entries without their data, the erasure recorded with counts only', async () => {
    const p = await person();
    const other = await person();
    const { data, error } = await superadmin.client.rpc('erase_person', {
      student_number: p.studentNumber,
      email: p.email,
    });
    expect(error).toBeNull();
    // Audit entries: the register's INSERT, UPDATE and DELETE, each form's INSERT and DELETE.
    expect(data).toEqual({ submissions: 3, students: 1, audit_entries: 9 });

    const after = (await superadmin.client.rpc('person_data', { student_number: p.studentNumber, email: p.email }))
      .data as Record<string, Row[]>;
    expect(after.submissions).toEqual([]);
    expect(after.students).toEqual([]);
    expect(after.audit).toEqual([]);
    // No trace of the person anywhere in the log, the erasure's own DELETE entries included.
    const traces = await sql(
      `select id from public.audit_log where concat(before::text, after::text, actor_email) ilike any ($1)`,
      [[`%${p.studentNumber}%`, `%${p.email}%`, `%${p.name}%`]],
    );
    expect(traces).toEqual([]);
    const [erasure] = await sql(`select * from public.audit_log where action = 'ERASE' order by id desc limit 1`);
    expect(erasure).toMatchObject({
      table_name: 'privacy',
      row_id: null,
      before: null,
      after: { submissions: 3, students: 1, auditEntries: 9 },
      actor_email: superadmin.email,
    });

    // Someone else's data is untouched.
    const kept = (await superadmin.client.rpc('person_data', { student_number: other.studentNumber })).data as Record<
      string,
      Row[]
    >;
    expect(kept.submissions).toHaveLength(2);
    expect(kept.students).toHaveLength(1);
  });

  it('refuses to erase a staff member who can still sign in (the account is removed first)', async () => {
    const { error } = await superadmin.client.rpc('erase_person', { email: editor.email.toUpperCase() });
    expect(error).toMatchObject({ code: 'P0001', message: 'staff_account' });
    expect((await svc.from('staff').select('email').eq('email', editor.email)).data).toHaveLength(1);
  });
});
