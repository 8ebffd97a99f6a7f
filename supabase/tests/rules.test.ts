// Every rule the database owns (docs/decisions.md "Forms", docs/permissions.md "Rules the database
// enforces on submissions"), checked
// through supabase-js as the apps and a hand-made request would hit them. Refusals carry the
// stable keys of docs/architecture.md as the error message (P0001).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import {
  L,
  SEED,
  anon,
  createUser,
  env,
  futureDate,
  futureIso,
  freshIp,
  pngBytes,
  rand,
  randomUUID,
  resetRateLimits,
  service,
  sql,
  submit,
  newEvent,
  versionOf,
  freeTranslationKey,
  type TestUser,
} from './helpers.ts';

const svc = service();
let editor: TestUser;
let superadmin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [editor, superadmin, outsider] = await Promise.all([
    createUser('editor'),
    createUser('superadmin'),
    createUser(null),
  ]);
});
// All test clients share one address (127.0.0.1 at the gateway): start every test with no attempts.
beforeEach(resetRateLimits);

type Row = Record<string, unknown>;

/** A visitor's submission as the public site sends it (rpc submit); the error or null. */
const insertAs = (c: SupabaseClient, row: Row) => submit(c, row);

/** The one stored submission with this name (names are unique per test), by the service role. */
async function byName(name: string): Promise<Row | null> {
  const { data, error } = await svc.from('submissions').select('*').eq('name', name).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Row | null;
}

/** Submits `row` as a visitor (accepted) and returns the stored row's id, found by its unique name. */
async function submitted(row: Row): Promise<string> {
  expect(await insertAs(anon(), row)).toBeNull();
  const stored = await byName(row.name as string);
  if (!stored) throw new Error(`submission ${String(row.name)} not stored`);
  return stored.id as string;
}

/** Prepares `n` attempts of `kind` for the test clients' address (127.0.0.1), as if already made. */
async function spent(n: number, kind = 'submission') {
  await sql(
    `insert into private.submission_attempts (kind, subject) select $1, '127.0.0.1' from generate_series(1, $2)`,
    [kind, n],
  );
}

async function expectKey(c: SupabaseClient, row: Row, key: string) {
  const error = await insertAs(c, row);
  expect(error?.code).toBe('P0001');
  expect(error?.message).toBe(key);
}

async function svcRow(table: string, id: string, key = 'id'): Promise<Row | null> {
  const { data, error } = await svc.from(table).select('*').eq(key, id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Row | null;
}

async function newBook(available = true): Promise<string> {
  const id = randomUUID();
  const { error } = await svc
    .from('books')
    .insert({ id, title: L('Rule book'), author: L('A'), description: L('D'), available });
  if (error) throw new Error(error.message);
  return id;
}

async function newStudent(enabled = true): Promise<string> {
  const number = `R${rand()}`;
  const { error } = await svc.from('students').insert({ name: 'Rule Student', student_number: number, enabled });
  if (error) throw new Error(error.message);
  return number;
}

// A distinct email each time: at most 5 submissions per email per 10 minutes.
const contact = (extra: Row = {}): Row => ({
  type: 'contact',
  name: 'Visitor',
  email: `v-${rand()}@example.com`,
  message: 'Hello there',
  ...extra,
});

describe('new submissions', () => {
  it('are always pending with the server time', async () => {
    const name = `Pending ${rand()}`;
    expect(await insertAs(anon(), contact({ name }))).toBeNull();
    const row = await byName(name);
    expect(row?.status).toBe('pending');
    expect(Math.abs(Date.parse(row!.created_at as string) - Date.now())).toBeLessThan(60_000);
    expect(row?.reviewed_at).toBeNull();
  });

  it('refuse server-owned columns from visitors (id, status, timestamps, review fields): invalid_submission, nothing saved', async () => {
    const owned: Row[] = [
      { id: randomUUID() },
      { status: 'approved' },
      { status: 'pending' },
      { created_at: '2001-01-01T00:00:00Z' },
      { reviewed_at: '2001-01-01T00:00:00Z' },
      { reviewed_by: SEED.superadminId },
      { returned_at: '2001-01-01T00:00:00Z' },
      { attended_at: '2001-01-01T00:00:00Z' },
    ];
    for (const extra of owned) {
      const name = `Owned ${rand()}`;
      await expectKey(anon(), contact({ name, ...extra }), 'invalid_submission');
      expect(await byName(name), JSON.stringify(extra)).toBeNull();
    }
  });

  it('cannot be inserted into the table by visitors or signed-in users: only through submit', async () => {
    const name = `Direct ${rand()}`;
    const { error } = await anon().from('submissions').insert(contact({ name }));
    expect(error?.code).toBe('42501');
    const { error: e2 } = await outsider.client.from('submissions').insert(contact({ name }));
    expect(e2?.code).toBe('42501');
    expect(await byName(name)).toBeNull();
  });

  it('cannot be read back by visitors or signed-in non-staff', async () => {
    const { error } = await anon().from('submissions').select('id').limit(1);
    expect(error?.code).toBe('42501');
    const { data } = await outsider.client.from('submissions').select('id').limit(1);
    expect(data).toEqual([]);
  });

  it('with a filled honeypot are refused: spam_detected', async () => {
    await expectKey(anon(), contact({ honeypot: 'http://spam.example' }), 'spam_detected');
  });

  it('are rate limited per client address: rate_limited after 120 in 10 minutes', async () => {
    const c = anon();
    await spent(115);
    for (let i = 0; i < 5; i++) expect(await insertAs(c, contact({ message: `Message ${i}` }))).toBeNull();
    await expectKey(c, contact(), 'rate_limited');
    // clearing the bookkeeping lifts the limit (what the e2e fixtures rely on)
    await resetRateLimits();
    expect(await insertAs(c, contact())).toBeNull();
  });

  it('key the rate limit on the address the gateway saw, not on a client-written x-forwarded-for', async () => {
    await spent(110);
    for (let i = 0; i < 10; i++) {
      expect(await insertAs(anon({ 'x-forwarded-for': freshIp() }), contact({ message: `Spoofed ${i}` }))).toBeNull();
    }
    await expectKey(anon({ 'x-forwarded-for': freshIp() }), contact(), 'rate_limited');
    await expectKey(anon({ 'x-forwarded-for': `${freshIp()}, ${freshIp()}` }), contact(), 'rate_limited');
    const clients = await sql<{ subject: string; n: number }>(
      `select subject, count(*)::int as n from private.submission_attempts where kind = 'submission' group by subject`,
    );
    expect(clients).toHaveLength(1);
    expect(clients[0]!.n).toBe(120);
    expect(clients[0]!.subject).toBe('127.0.0.1');
  });

  it('count concurrent submissions of one address exactly (no race past the limit)', async () => {
    const c = anon();
    await spent(110);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => insertAs(c, contact({ message: `Burst ${i}` }))),
    );
    expect(results.filter((e) => e === null)).toHaveLength(10);
    expect(results.filter((e) => e?.message === 'rate_limited')).toHaveLength(6);
  });

  it('carry exactly the fields of their type: invalid_submission', async () => {
    const c = anon();
    await expectKey(c, contact({ student_number: SEED.enabledStudent }), 'invalid_submission');
    await expectKey(c, { type: 'contact', name: 'No email', message: 'Hi' }, 'invalid_submission');
    await expectKey(c, { type: 'feedback', name: 'No number', message: 'Hi' }, 'invalid_submission');
    await expectKey(
      c,
      {
        type: 'evaluation',
        name: 'N',
        student_number: SEED.enabledStudent,
        event_id: SEED.pastEvent,
        message: 'no rating',
      },
      'invalid_submission',
    );
    await expectKey(c, contact({ email: 'not-an-email' }), 'invalid_submission');
  });

  it('carry no email on evaluation or loan, and no message on a loan or registration: invalid_submission', async () => {
    const c = anon();
    const email = 'x@example.com';
    const book = await newBook();
    const registration = {
      type: 'event_registration',
      name: 'R',
      student_number: SEED.enabledStudent,
      event_id: SEED.upcomingOpenEvent,
    };
    const evaluation = {
      type: 'evaluation',
      name: 'E',
      student_number: SEED.enabledStudent,
      event_id: SEED.pastEvent,
      rating: 3,
      message: 'ok',
    };
    const loan = {
      type: 'book_loan',
      name: 'L',
      student_number: SEED.enabledStudent,
      book_id: book,
      pickup_location: 'campus',
      loan_date: futureDate(3),
    };
    await expectKey(c, { ...registration, message: 'hi' }, 'invalid_submission');
    await expectKey(c, { ...evaluation, email }, 'invalid_submission');
    await expectKey(c, { ...loan, email }, 'invalid_submission');
    await expectKey(c, { ...loan, message: 'please' }, 'invalid_submission');
    // the same rows without the extra field pass the field check (empty strings count as absent)
    expect(await insertAs(c, { ...loan, email: '', message: ' ' })).toBeNull();
    // the table check holds for the service role too
    const { error } = await svc.from('submissions').insert({ ...evaluation, email, student_number: `svc-${rand()}` });
    expect(error?.code).toBe('23514');
  });

  it('accept optional email and the three feedback types', async () => {
    const c = anon();
    for (const type of ['feedback', 'complaint', 'suggestion']) {
      expect(
        await insertAs(c, { type, name: 'Student', student_number: SEED.enabledStudent, message: `A ${type}` }),
      ).toBeNull();
    }
    expect(
      await insertAs(c, { type: 'suggestion', name: 'S', email: 's@example.com', student_number: 'any', message: 'x' }),
    ).toBeNull();
  });

  it('rate an event 1 to 5 only: invalid_submission', async () => {
    const student = await newStudent();
    const event = await newEvent({ starts_at: futureIso(-3) });
    for (const rating of [0, 6]) {
      await expectKey(
        anon(),
        { type: 'evaluation', name: 'N', student_number: student, event_id: event, rating, message: 'm' },
        'invalid_submission',
      );
    }
  });
});

describe('event registration', () => {
  it('is accepted for an upcoming open event and a known student', async () => {
    const event = await newEvent({});
    const student = await newStudent();
    expect(
      await insertAs(anon(), { type: 'event_registration', name: 'Reg', student_number: student, event_id: event }),
    ).toBeNull();
  });

  it('is refused for a past event: event_not_upcoming', async () => {
    await expectKey(
      anon(),
      { type: 'event_registration', name: 'Reg', student_number: SEED.enabledStudent, event_id: SEED.pastEvent },
      'event_not_upcoming',
    );
  });

  it('is refused when registration is closed: registration_closed', async () => {
    await expectKey(
      anon(),
      {
        type: 'event_registration',
        name: 'Reg',
        student_number: SEED.enabledStudent,
        event_id: SEED.upcomingClosedEvent,
      },
      'registration_closed',
    );
  });

  it('needs a known student number: student_not_found', async () => {
    await expectKey(
      anon(),
      { type: 'event_registration', name: 'Reg', student_number: 'NOPE-1', event_id: SEED.upcomingOpenEvent },
      'student_not_found',
    );
  });

  it('refuses a disabled student: student_not_found', async () => {
    const student = await newStudent(false);
    await expectKey(
      anon(),
      { type: 'event_registration', name: 'Reg', student_number: student, event_id: SEED.upcomingOpenEvent },
      'student_not_found',
    );
  });

  it('is once per student and event: duplicate_registration', async () => {
    const event = await newEvent({});
    const student = await newStudent();
    const row = { type: 'event_registration', name: 'Reg', student_number: student, event_id: event };
    expect(await insertAs(anon(), row)).toBeNull();
    await expectKey(anon(), { ...row, student_number: ` ${student} ` }, 'duplicate_registration');
  });
});

describe('evaluation', () => {
  it('is accepted for a past event and refused twice: duplicate_evaluation', async () => {
    const event = await newEvent({ starts_at: futureIso(-2) });
    const student = await newStudent();
    const row = {
      type: 'evaluation',
      name: 'Eval',
      student_number: student,
      event_id: event,
      rating: 4,
      message: 'Good',
    };
    expect(await insertAs(anon(), row)).toBeNull();
    await expectKey(anon(), row, 'duplicate_evaluation');
  });

  it('is refused for an upcoming event: event_not_past', async () => {
    await expectKey(
      anon(),
      {
        type: 'evaluation',
        name: 'Eval',
        student_number: SEED.enabledStudent,
        event_id: SEED.upcomingOpenEvent,
        rating: 5,
        message: 'Early',
      },
      'event_not_past',
    );
  });

  it('needs a known student: student_not_found', async () => {
    await expectKey(
      anon(),
      {
        type: 'evaluation',
        name: 'Eval',
        student_number: 'NOPE-2',
        event_id: SEED.pastEvent,
        rating: 5,
        message: 'Who?',
      },
      'student_not_found',
    );
  });
});

describe('book loans', () => {
  const loan = (book: string, student: string): Row => ({
    type: 'book_loan',
    name: `Reader ${rand()}`,
    student_number: student,
    book_id: book,
    pickup_location: 'midan',
    loan_date: futureDate(5),
  });

  it('are refused for an unavailable book: book_unavailable', async () => {
    await expectKey(anon(), loan(await newBook(false), SEED.enabledStudent), 'book_unavailable');
  });

  it('need a known student unless allStudentsCanBorrow: student_not_found', async () => {
    const book = await newBook();
    await expectKey(anon(), loan(book, 'NOPE-3'), 'student_not_found');
    await svc.from('settings').update({ value: true }).eq('key', 'allStudentsCanBorrow');
    try {
      expect(await insertAs(anon(), loan(book, 'NOPE-3'))).toBeNull();
    } finally {
      await svc.from('settings').update({ value: false }).eq('key', 'allStudentsCanBorrow');
    }
  });

  it('approved makes the book unavailable; returned makes it available again', async () => {
    const book = await newBook();
    const id = await submitted(loan(book, SEED.enabledStudent));
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error).toBeNull();
    expect((await svcRow('books', book))?.available).toBe(false);
    // a second loan of the same book is refused now
    await expectKey(anon(), loan(book, SEED.enabledStudent), 'book_unavailable');

    const refused = await outsider.client.rpc('mark_loan_returned', { submission_id: id });
    expect(refused.error?.message).toBe('not_allowed');
    const { error: returnError } = await editor.client.rpc('mark_loan_returned', { submission_id: id });
    expect(returnError).toBeNull();
    expect((await svcRow('books', book))?.available).toBe(true);
    expect((await svcRow('submissions', id))?.returned_at).not.toBeNull();
    const again = await editor.client.rpc('mark_loan_returned', { submission_id: id });
    expect(again.error?.message).toBe('invalid_submission');
  });

  it('cannot be approved while the book is lent out: book_unavailable', async () => {
    const book = await newBook();
    const id = await submitted(loan(book, SEED.enabledStudent));
    await svc.from('books').update({ available: false }).eq('id', book);
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error?.message).toBe('book_unavailable');
  });
  it('lends a book once even when two loans are approved at the same time', async () => {
    const book = await newBook();
    const a = await submitted(loan(book, SEED.enabledStudent));
    const b = await submitted(loan(book, SEED.enabledStudent));
    const other = await createUser('editor');
    const results = await Promise.all([
      editor.client
        .from('submissions')
        .update({ status: 'approved', version: await versionOf('submissions', { id: a }) })
        .eq('id', a),
      other.client
        .from('submissions')
        .update({ status: 'approved', version: await versionOf('submissions', { id: b }) })
        .eq('id', b),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.map((r) => r.error?.message).filter(Boolean)).toEqual(['book_unavailable']);
    const approved = await sql(`select id from public.submissions where book_id = $1 and status = 'approved'`, [book]);
    expect(approved).toHaveLength(1);
  });

  it('refuses a second approved, unreturned loan of one book even for the service role', async () => {
    const book = await newBook(false);
    const row = { ...loan(book, SEED.enabledStudent), status: 'approved' };
    expect((await svc.from('submissions').insert(row)).error).toBeNull();
    expect((await svc.from('submissions').insert(row)).error?.code).toBe('23505');
    expect((await svc.from('submissions').insert({ ...row, returned_at: new Date().toISOString() })).error).toBeNull();
  });

  it('gives the book back when an approved, unreturned loan is deleted', async () => {
    const book = await newBook();
    const id = await submitted(loan(book, SEED.enabledStudent));
    expect(
      (
        await editor.client
          .from('submissions')
          .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect((await svcRow('books', book))?.available).toBe(false);
    expect((await superadmin.client.from('submissions').delete().eq('id', id)).error).toBeNull();
    expect(await svcRow('submissions', id)).toBeNull();
    expect((await svcRow('books', book))?.available).toBe(true);
    // a rejected loan's deletion leaves a book that is out for other reasons alone
    const other = await newBook(false);
    const rejected = randomUUID();
    expect(
      (await svc.from('submissions').insert({ id: rejected, ...loan(other, SEED.enabledStudent), status: 'rejected' }))
        .error,
    ).toBeNull();
    expect((await superadmin.client.from('submissions').delete().eq('id', rejected)).error).toBeNull();
    expect((await svcRow('books', other))?.available).toBe(false);
  });

  it('deletes a book with an approved loan (the loan goes with it)', async () => {
    const book = await newBook(false);
    const id = randomUUID();
    expect(
      (await svc.from('submissions').insert({ id, ...loan(book, SEED.enabledStudent), status: 'approved' })).error,
    ).toBeNull();
    expect((await superadmin.client.from('books').delete().eq('id', book)).error).toBeNull();
    expect(await svcRow('submissions', id)).toBeNull();
  });
});

describe('staff review', () => {
  async function pending(): Promise<string> {
    return submitted(contact({ name: `Pending ${rand()}` }));
  }

  it('approves a pending submission and records who and when', async () => {
    const id = await pending();
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error).toBeNull();
    const row = await svcRow('submissions', id);
    expect(row?.status).toBe('approved');
    expect(row?.reviewed_by).toBe(editor.id);
    expect(row?.reviewed_at).not.toBeNull();
  });

  it('reviews only pending submissions: not_pending', async () => {
    const id = await pending();
    await editor.client
      .from('submissions')
      .update({ status: 'rejected', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error?.message).toBe('not_pending');
    expect((await svcRow('submissions', id))?.status).toBe('rejected');
  });

  it('changes nothing but the status: not_allowed', async () => {
    const id = await pending();
    const { error } = await superadmin.client
      .from('submissions')
      .update({ status: 'approved', message: 'edited', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error?.message).toBe('not_allowed');
    const { error: e2 } = await superadmin.client
      .from('submissions')
      .update({ status: 'pending', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(e2?.message).toBe('invalid_submission');
  });

  it('accepts the whole unchanged record with a new status (what a form sends)', async () => {
    const id = await pending();
    const { data } = await editor.client.from('submissions').select('*').eq('id', id).single();
    const { error } = await editor.client
      .from('submissions')
      .update({ ...(data as Row), status: 'rejected', version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error).toBeNull();
    expect((await svcRow('submissions', id))?.status).toBe('rejected');
  });

  it('editors cannot delete submissions; superadmins can', async () => {
    const id = await pending();
    await editor.client.from('submissions').delete().eq('id', id);
    expect(await svcRow('submissions', id)).not.toBeNull();
    await superadmin.client.from('submissions').delete().eq('id', id);
    expect(await svcRow('submissions', id)).toBeNull();
  });
});

describe('staff accounts', () => {
  it('nobody changes the role of their own account: own_account', async () => {
    const { error } = await superadmin.client
      .from('staff')
      .update({ role: 'editor', version: await versionOf('staff', { user_id: superadmin.id }) })
      .eq('user_id', superadmin.id);
    expect(error?.message).toBe('own_account');
    expect((await svcRow('staff', superadmin.id, 'user_id'))?.role).toBe('superadmin');
  });

  it('superadmins change only the role of others: not_allowed for other columns', async () => {
    const other = await createUser('editor');
    const { error } = await superadmin.client
      .from('staff')
      .update({ email: 'x@union.test', version: await versionOf('staff', { user_id: other.id }) })
      .eq('user_id', other.id);
    expect(error?.message).toBe('not_allowed');
    const ok = await superadmin.client
      .from('staff')
      .update({ role: 'superadmin', version: await versionOf('staff', { user_id: other.id }) })
      .eq('user_id', other.id);
    expect(ok.error).toBeNull();
    expect((await svcRow('staff', other.id, 'user_id'))?.role).toBe('superadmin');
  });

  it('is_staff and is_superadmin answer for the caller', async () => {
    const ask = async (c: SupabaseClient) => [(await c.rpc('is_staff')).data, (await c.rpc('is_superadmin')).data];
    expect(await ask(anon())).toEqual([false, false]);
    expect(await ask(outsider.client)).toEqual([false, false]);
    expect(await ask(editor.client)).toEqual([true, false]);
    expect(await ask(superadmin.client)).toEqual([true, true]);
  });

  it('staff.email follows a change of the auth account email', async () => {
    const member = await createUser('editor');
    const email = `t-moved-${rand()}@union.test`;
    const { error } = await svc.auth.admin.updateUserById(member.id, { email, email_confirm: true });
    expect(error).toBeNull();
    expect((await svcRow('staff', member.id, 'user_id'))?.email).toBe(email);
  });
});

describe('private schema', () => {
  it('is not reachable through the API, not even for staff', async () => {
    for (const c of [anon(), superadmin.client]) {
      const rpc = await c.schema('private').rpc('is_known_student', { student_number: SEED.enabledStudent });
      expect(rpc.error).not.toBeNull();
      expect(rpc.data).toBeNull();
      const table = await c.schema('private').from('submission_attempts').select('*');
      expect(table.error).not.toBeNull();
    }
  });
});

describe('privileges of the API roles', () => {
  it('API roles get no sequences, and new tables, sequences and functions start closed', async () => {
    const seqs = await sql<{ name: string }>(`
      select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S'
        and (has_sequence_privilege('anon', c.oid, 'USAGE,SELECT,UPDATE')
             or has_sequence_privilege('authenticated', c.oid, 'USAGE,SELECT,UPDATE'))`);
    expect(seqs).toEqual([]);
    // Objects created the way migrations create them (as postgres), inside a rolled-back transaction.
    const pgc = new pg.Client({ connectionString: env.dbUrl });
    await pgc.connect();
    try {
      await pgc.query('begin');
      await pgc.query('create table public.zz_probe (id bigint generated always as identity primary key)');
      await pgc.query('create function public.zz_probe_fn() returns int language sql as $$ select 1 $$');
      await pgc.query('create function private.zz_probe_fn() returns int language sql as $$ select 1 $$');
      const { rows } = await pgc.query<Record<string, boolean>>(`select
        has_table_privilege('anon', 'public.zz_probe', 'SELECT,INSERT,UPDATE,DELETE') as anon_table,
        has_table_privilege('authenticated', 'public.zz_probe', 'SELECT,INSERT,UPDATE,DELETE') as auth_table,
        has_sequence_privilege('anon', 'public.zz_probe_id_seq', 'USAGE,SELECT,UPDATE') as anon_seq,
        has_sequence_privilege('authenticated', 'public.zz_probe_id_seq', 'USAGE,SELECT,UPDATE') as auth_seq,
        has_function_privilege('anon', 'public.zz_probe_fn()', 'EXECUTE') as anon_fn,
        has_function_privilege('authenticated', 'public.zz_probe_fn()', 'EXECUTE') as auth_fn,
        has_function_privilege('anon', 'private.zz_probe_fn()', 'EXECUTE') as anon_private_fn`);
      expect(rows[0]).toEqual({
        anon_table: false,
        auth_table: false,
        anon_seq: false,
        auth_seq: false,
        anon_fn: false,
        auth_fn: false,
        anon_private_fn: false,
      });
    } finally {
      await pgc.query('rollback');
      await pgc.end();
    }
  });
});

describe('students register', () => {
  it('is_known_student answers yes only for an enabled student', async () => {
    const c = anon();
    expect((await c.rpc('is_known_student', { student_number: SEED.enabledStudent })).data).toBe(true);
    expect((await c.rpc('is_known_student', { student_number: ` ${SEED.enabledStudent} ` })).data).toBe(true);
    expect((await c.rpc('is_known_student', { student_number: SEED.disabledStudent })).data).toBe(false);
    expect((await c.rpc('is_known_student', { student_number: 'NOPE' })).data).toBe(false);
  });

  it('student numbers are unique', async () => {
    const { error } = await superadmin.client
      .from('students')
      .insert({ name: 'Twin', student_number: SEED.enabledStudent });
    expect(error?.code).toBe('23505');
  });
});

describe('content checks', () => {
  it('every localized text has en, ar and tr, non-empty', async () => {
    const base = { title: L('T'), author: L('A'), description: L('D') };
    for (const title of [
      { en: 'a', ar: 'b' },
      { en: 'a', ar: 'b', tr: ' ' },
      { en: 'a', ar: 'b', tr: 'c', de: 'd' },
      'plain',
    ]) {
      const { error } = await editor.client.from('books').insert({ ...base, title });
      expect(error?.code).toBe('23514');
    }
  });

  it('values and orders are >= 0, links are https, icons from the list', async () => {
    const stat = { title: L('S'), value: 1, sort_order: 0 };
    expect((await editor.client.from('statistics').insert({ ...stat, value: -1 })).error?.code).toBe('23514');
    expect((await editor.client.from('statistics').insert({ ...stat, sort_order: -1 })).error?.code).toBe('23514');
    expect((await editor.client.from('statistics').insert({ ...stat, icon: 'chart' })).error?.code).toBe('22P02');
    const { data: s } = await editor.client.from('statistics').insert(stat).select('icon').single();
    expect(s?.icon).toBe('users');
    const member = { name: L('N'), title: L('T'), bio: L('B'), role: 'media_head', gender: 'male', sort_order: 1 };
    expect(
      (await editor.client.from('board_members').insert({ ...member, linkedin_url: 'http://linkedin.com/x' })).error
        ?.code,
    ).toBe('23514');
    expect((await editor.client.from('board_members').insert({ ...member, sort_order: -2 })).error?.code).toBe('23514');
    expect(
      (await editor.client.from('board_members').insert({ ...member, linkedin_url: 'https://linkedin.com/in/x' }))
        .error,
    ).toBeNull();
  });

  it('events and achievements need a photo in their folder', async () => {
    const ev = { title: L('E'), description: L('D'), location: L('L'), starts_at: futureIso(3) };
    expect((await editor.client.from('events').insert(ev)).error?.code).toBe('23502');
    expect((await editor.client.from('events').insert({ ...ev, photo_path: 'books/x.png' })).error?.code).toBe('23514');
  });

  it('settings: only the ten keys; allStudentsCanBorrow is a boolean; social links https', async () => {
    expect((await editor.client.from('settings').insert({ key: 'footerFax', value: 'x' })).error?.code).toBe('23514');
    expect(
      (
        await editor.client
          .from('settings')
          .update({ value: 'yes', version: await versionOf('settings', { key: 'allStudentsCanBorrow' }) })
          .eq('key', 'allStudentsCanBorrow')
      ).error?.code,
    ).toBe('23514');
    expect(
      (
        await editor.client
          .from('settings')
          .update({ value: 'javascript:alert(1)', version: await versionOf('settings', { key: 'footerFacebook' }) })
          .eq('key', 'footerFacebook')
      ).error?.code,
    ).toBe('23514');
    expect(
      (
        await editor.client
          .from('settings')
          .update({ value: 'http://facebook.com/x', version: await versionOf('settings', { key: 'footerTwitter' }) })
          .eq('key', 'footerTwitter')
      ).error?.code,
    ).toBe('23514');
  });

  it('settings: mapLocation is empty or "latitude, longitude" in decimal degrees within range', async () => {
    const { data: seeded } = await svc.from('settings').select('value').eq('key', 'mapLocation').single();
    expect(seeded?.value).toBe('40.2262, 28.8724');
    const set = async (c: SupabaseClient, value: unknown) =>
      c
        .from('settings')
        .update({ value, version: await versionOf('settings', { key: 'mapLocation' }) })
        .eq('key', 'mapLocation')
        .select('value');
    try {
      for (const value of ['41.0082, 28.9784', '-33.8568,151.2153', ' 90 , -180 ', '-90, 180', '0.000001, -0', '']) {
        const { data, error } = await set(editor.client, value);
        expect(error, value).toBeNull();
        expect(data).toEqual([{ value }]);
      }
      expect((await set(superadmin.client, '40.2262, 28.8724')).error).toBeNull();
      // Out of range, malformed (the console normalizes other spellings before saving), junk.
      for (const value of [
        '90.0001, 0',
        '-91, 0',
        '0, 180.5',
        '0, -181',
        '28.8724, 240.2262',
        '40.2262',
        '40.2262, 28.8724, 0',
        '40.2262; 28.8724',
        '40,2262, 28,8724',
        '40.2262 28.8724',
        '+40.2262, 28.8724',
        '.5, 28',
        '1e1, 2',
        '1234.5, 1',
        'NaN, 0',
        '٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤',
        '40.2262° N, 28.8724° E',
        '40.2262,\u00a028.8724',
        '   ',
        'Görükle Campus',
        'javascript:alert(1)',
        40.2262,
        true,
        { lat: 40.2262, lng: 28.8724 },
        [40.2262, 28.8724],
      ]) {
        const { error } = await set(editor.client, value);
        expect(error?.code, JSON.stringify(value)).toBe('23514');
      }
      expect((await svc.from('settings').update({ value: '91, 0' }).eq('key', 'mapLocation')).error?.code).toBe(
        '23514',
      );
      // Visitors and signed-in non-staff still cannot write settings.
      expect((await anon().from('settings').update({ value: '0, 0' }).eq('key', 'mapLocation')).error?.code).toBe(
        '42501',
      );
      const { data: outsiderRows } = await set(outsider.client, '0, 0');
      expect(outsiderRows ?? []).toEqual([]);
      const { data: after } = await svc.from('settings').select('value').eq('key', 'mapLocation').single();
      expect(after?.value).toBe('40.2262, 28.8724');
    } finally {
      await svc.from('settings').update({ value: '40.2262, 28.8724' }).eq('key', 'mapLocation');
    }
  });

  it('is_past is derived at read time and filterable', async () => {
    const past = await newEvent({ starts_at: futureIso(-1) });
    const { data } = await anon().from('events').select('id,is_past').eq('is_past', false);
    const ids = (data ?? []).map((r) => (r as Row).id);
    expect(ids).not.toContain(past);
    expect(ids).toContain(SEED.upcomingOpenEvent);
    const { data: one } = await anon().from('events').select('is_past').eq('id', past).single();
    expect(one?.is_past).toBe(true);
  });

  it('created_at is server-set and kept; updated_at moves on update', async () => {
    const { data } = await editor.client
      .from('books')
      .insert({ title: L('Time'), author: L('A'), description: L('D'), created_at: '2001-01-01T00:00:00Z' })
      .select('id,created_at,updated_at')
      .single();
    expect(Date.parse(data!.created_at)).toBeGreaterThan(Date.parse('2020-01-01'));
    await new Promise((r) => setTimeout(r, 20));
    await editor.client
      .from('books')
      .update({
        available: false,
        created_at: '2001-01-01T00:00:00Z',
        version: await versionOf('books', { id: data!.id }),
      })
      .eq('id', data!.id);
    const after = await svcRow('books', data!.id);
    expect(after?.created_at).toBe(data!.created_at);
    expect(Date.parse(after!.updated_at as string)).toBeGreaterThan(Date.parse(data!.updated_at));
  });
});

describe('translation overrides', () => {
  it('have no blank language, at least one language, and a key that never changes', async () => {
    const key = await freeTranslationKey();
    const t = editor.client.from('translations');
    expect((await t.insert({ key, en: '', ar: null, tr: null })).error?.code).toBe('23514');
    expect((await t.insert({ key, en: 'Hi', ar: '  ', tr: null })).error?.code).toBe('23514');
    expect((await t.insert({ key, en: null, ar: null, tr: null })).error?.code).toBe('23514');
    expect((await t.insert({ key, en: 'Hi', ar: null, tr: null })).error).toBeNull();
    expect(
      (
        await editor.client
          .from('translations')
          .update({ tr: '', version: await versionOf('translations', { key: key }) })
          .eq('key', key)
      ).error?.code,
    ).toBe('23514');
    const moved = await editor.client
      .from('translations')
      .update({ key: `${key}x`, version: await versionOf('translations', { key }) })
      .eq('key', key);
    expect(moved.error?.message).toBe('not_allowed');
    expect(
      (
        await svc
          .from('translations')
          .update({ key: `${key}y` })
          .eq('key', key)
      ).error?.message,
    ).toBe('not_allowed');
    expect((await svcRow('translations', key, 'key'))?.en).toBe('Hi');
  });
});

describe('audit log', () => {
  it('records who changed what, before and after', async () => {
    const book = await newBook();
    await editor.client
      .from('books')
      .update({ available: false, version: await versionOf('books', { id: book }) })
      .eq('id', book);
    const { data, error } = await superadmin.client
      .from('audit_log')
      .select('*')
      .eq('table_name', 'books')
      .eq('row_id', book)
      .eq('action', 'UPDATE');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const entry = data![0] as Row;
    expect(entry.actor_id).toBe(editor.id);
    expect(entry.actor_email).toBe(editor.email);
    expect((entry.before as Row).available).toBe(true);
    expect((entry.after as Row).available).toBe(false);
  });

  it('is unchangeable, even with the service role', async () => {
    const { data } = await svc.from('audit_log').select('id').limit(1).single();
    const del = await svc.from('audit_log').delete().eq('id', data!.id);
    expect(del.error?.code).toBe('42501');
    const upd = await svc.from('audit_log').update({ actor_email: 'x' }).eq('id', data!.id);
    expect(upd.error?.code).toBe('42501');
    const ins = await superadmin.client.from('audit_log').insert({ table_name: 'x', action: 'INSERT' });
    expect(ins.error?.code).toBe('42501');
  });
});

describe('images bucket limits', () => {
  it('refuses non-images and files over 5 MiB, even for staff', async () => {
    const bucket = editor.client.storage.from('images');
    const text = await bucket.upload(`events/note-${rand()}.txt`, Buffer.from('hello'), { contentType: 'text/plain' });
    expect(text.error).not.toBeNull();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const large = await bucket.upload(`events/big-${rand()}.png`, big, { contentType: 'image/png' });
    expect(large.error).not.toBeNull();
    const ok = await bucket.upload(`events/ok-${rand()}.png`, pngBytes(), { contentType: 'image/png' });
    expect(ok.error).toBeNull();
  });

  it('has the seed images at the paths the seed rows reference', async () => {
    const rows = await sql<{ path: string }>(`
      select photo_path as path from public.events union select photo_path from public.achievements
      union select photo_path from public.board_members where photo_path is not null
      union select cover_path from public.books where cover_path is not null`);
    const seeded = rows.map((r) => r.path).filter((p) => !/matrix|rule|limit|seats|test/.test(p)); // rows other test files add
    const objects = await sql<{ name: string }>(`select name from storage.objects where bucket_id = 'images'`);
    const names = new Set(objects.map((o) => o.name));
    expect(seeded.length).toBeGreaterThan(10);
    for (const p of seeded) expect(names.has(p), p).toBe(true);
  });
});

afterAll(async () => {
  await svc.from('settings').update({ value: false }).eq('key', 'allStudentsCanBorrow');
});
