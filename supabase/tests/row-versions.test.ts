// Row versions (docs/data-model.md "Row versions"): every table staff edit refuses an update that
// names a version other than the current one, or none, with `stale_record` (HTTP 409), and
// changes nothing. Two sessions racing on one row: one wins, the other is refused, and the row is
// the winner's, whole.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createUser,
  env,
  L,
  newEvent,
  rand,
  randomUUID,
  service,
  sql,
  versionOf,
  freeTranslationKey,
  type TestUser,
} from './helpers.ts';

const svc = service();
let editors: [TestUser, TestUser];
let superadmins: [TestUser, TestUser];

beforeAll(async () => {
  const [e1, e2, s1, s2] = await Promise.all([
    createUser('editor'),
    createUser('editor'),
    createUser('superadmin'),
    createUser('superadmin'),
  ]);
  editors = [e1, e2];
  superadmins = [s1, s2];
});

async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const { error } = await svc.from(table).insert(row);
  if (error) throw new Error(`${table}: ${error.message}`);
}

type Row = Record<string, unknown>;

interface Case {
  table: string;
  staff: 'editor' | 'superadmin';
  /** Creates the row, returns how to find it. */
  setup(): Promise<Record<string, string>>;
  /** The two sessions' changes: two fields each where the table has them, so a mix would show. */
  a: Row;
  b: Row;
}

const cases: Case[] = [
  {
    table: 'events',
    staff: 'editor',
    setup: async () => ({ id: await newEvent() }),
    a: { title: L('Time moved'), capacity: 30 },
    b: { title: L('Typo fixed'), capacity: 40 },
  },
  {
    table: 'board_members',
    staff: 'editor',
    async setup() {
      const id = randomUUID();
      await insert('board_members', {
        id,
        name: L('M'),
        title: L('T'),
        bio: L('B'),
        role: 'pr_head',
        gender: 'female',
      });
      return { id };
    },
    a: { name: L('Name A'), sort_order: 3 },
    b: { name: L('Name B'), sort_order: 4 },
  },
  {
    table: 'books',
    staff: 'editor',
    async setup() {
      const id = randomUUID();
      await insert('books', { id, title: L('Book'), author: L('Au'), description: L('D') });
      return { id };
    },
    a: { title: L('Title A'), author: L('Author A') },
    b: { title: L('Title B'), author: L('Author B') },
  },
  {
    table: 'achievements',
    staff: 'editor',
    async setup() {
      const id = randomUUID();
      await insert('achievements', {
        id,
        title: L('Ach'),
        description: L('D'),
        achieved_on: '2025-01-01',
        // A seeded photo: rules.test.ts checks that every achievement's photo exists.
        photo_path: (await svc.from('achievements').select('photo_path').limit(1).single()).data?.photo_path,
      });
      return { id };
    },
    a: { title: L('A'), achieved_on: '2025-02-02' },
    b: { title: L('B'), achieved_on: '2025-03-03' },
  },
  {
    table: 'statistics',
    staff: 'editor',
    async setup() {
      const id = randomUUID();
      await insert('statistics', { id, title: L('Stat'), value: 1 });
      return { id };
    },
    a: { value: 10, icon: 'book' },
    b: { value: 20, icon: 'award' },
  },
  {
    table: 'translations',
    staff: 'editor',
    async setup() {
      const key = await freeTranslationKey();
      await insert('translations', { key, en: 'one' });
      return { key };
    },
    a: { en: 'A en', ar: 'A ar' },
    b: { en: 'B en', ar: 'B ar' },
  },
  {
    table: 'settings',
    staff: 'editor',
    async setup() {
      await svc.from('settings').upsert({ key: 'footerAddress', value: 'start' });
      return { key: 'footerAddress' };
    },
    a: { value: 'Address A' },
    b: { value: 'Address B' },
  },
  {
    table: 'submissions',
    staff: 'editor',
    async setup() {
      const id = randomUUID();
      await insert('submissions', { id, type: 'contact', name: 'Race', email: 'race@example.com', message: 'Hi' });
      return { id };
    },
    a: { status: 'approved' },
    b: { status: 'rejected' },
  },
  {
    table: 'staff',
    staff: 'superadmin',
    async setup() {
      return { user_id: (await createUser('editor')).id };
    },
    a: { role: 'superadmin' },
    b: { role: 'editor' },
  },
  {
    table: 'students',
    staff: 'superadmin',
    async setup() {
      const id = randomUUID();
      await insert('students', { id, name: 'Student', student_number: `RV${rand()}` });
      return { id };
    },
    a: { name: 'Name A', enabled: false },
    b: { name: 'Name B', enabled: true },
  },
];

async function read(table: string, match: Record<string, string>): Promise<Row> {
  const { data, error } = await svc.from(table).select('*').match(match).single();
  if (error) throw new Error(error.message);
  return data as Row;
}

const clientsOf = (c: Case): [SupabaseClient, SupabaseClient] =>
  (c.staff === 'editor' ? editors : superadmins).map((u) => u.client) as [SupabaseClient, SupabaseClient];

/**
 * Holds the row locked while both sessions send their update, and lets go only once both wait
 * for it: the two updates are then certainly concurrent (no timing involved).
 */
async function race<T>(table: string, match: Record<string, string>, run: () => PromiseLike<T>[]): Promise<T[]> {
  const holder = new pg.Client({ connectionString: env.dbUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    const [column, value] = Object.entries(match)[0]!;
    await holder.query(`select 1 from public.${table} where ${column} = $1 for update`, [value]);
    // supabase-js sends a request only once it is awaited: start both now.
    const pending = run().map((request) => Promise.resolve(request));
    for (;;) {
      const [{ waiting }] = (
        await holder.query<{ waiting: number }>(
          // The first waits for the holder's transaction, the second for the first's tuple lock.
          `select count(*)::int as waiting from pg_locks where not granted`,
        )
      ).rows as [{ waiting: number }];
      if (waiting >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await holder.query('commit');
    return await Promise.all(pending);
  } finally {
    await holder.end();
  }
}

describe.each(cases)('$table', (c) => {
  it('two sessions save the same version at once: one wins, the other gets stale_record, nothing mixed', async () => {
    const match = await c.setup();
    const version = await versionOf(c.table, match);
    const [first, second] = clientsOf(c);
    const results = await race(c.table, match, () => [
      first
        .from(c.table)
        .update({ ...c.a, version })
        .match(match)
        .select('version'),
      second
        .from(c.table)
        .update({ ...c.b, version })
        .match(match)
        .select('version'),
    ]);
    const refused = results.filter((r) => r.error);
    const won = results.filter((r) => !r.error);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.error).toMatchObject({ code: 'PT409', message: 'stale_record' });
    expect(refused[0]!.status).toBe(409);
    expect(won[0]!.data).toEqual([{ version: version + 1 }]);
    const winner = results[0]!.error ? c.b : c.a;
    expect(await read(c.table, match)).toMatchObject({ ...winner, version: version + 1 });
  });

  it('an update naming no version, or an old one, is refused and changes nothing', async () => {
    const match = await c.setup();
    const [session] = clientsOf(c);
    const before = await read(c.table, match);
    const none = await session.from(c.table).update(c.a).match(match);
    expect(none.status).toBe(409);
    expect(none.error).toMatchObject({ code: 'PT409', message: 'stale_record' });
    const old = await session
      .from(c.table)
      .update({ ...c.a, version: (before.version as number) - 1 })
      .match(match);
    expect(old.error).toMatchObject({ code: 'PT409', message: 'stale_record' });
    const newer = await session
      .from(c.table)
      .update({ ...c.a, version: (before.version as number) + 1 })
      .match(match);
    expect(newer.error).toMatchObject({ code: 'PT409', message: 'stale_record' });
    expect(await read(c.table, match)).toEqual(before);
  });

  it('the current version is accepted and raised by one; a client cannot choose the next', async () => {
    const match = await c.setup();
    const [session] = clientsOf(c);
    const version = await versionOf(c.table, match);
    const saved = await session
      .from(c.table)
      .update({ ...c.a, version })
      .match(match)
      .select('version');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ version: version + 1 }]);
  });
});

describe('who must name the version', () => {
  it('new rows start at version 1 whatever the insert says', async () => {
    const key = await freeTranslationKey();
    const { data, error } = await editors[0].client
      .from('translations')
      .insert({ key, en: 'x', version: 99 })
      .select('version')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ version: 1 });
  });

  it('the service role (seed, scripts) may leave it out; the version is still raised', async () => {
    const id = await newEvent();
    const { error } = await svc.from('events').update({ capacity: 5 }).eq('id', id);
    expect(error).toBeNull();
    expect(await versionOf('events', { id })).toBe(2);
    const stale = await svc.from('events').update({ capacity: 6, version: 1 }).eq('id', id);
    expect(stale.error?.message).toBe('stale_record');
  });

  it("a trigger's own update (a loan's approval marks the book unavailable) raises the book's version", async () => {
    const book = randomUUID();
    await insert('books', { id: book, title: L('Loan'), author: L('A'), description: L('D') });
    const number = `RV${rand()}`;
    await insert('students', { name: 'Borrower', student_number: number });
    const loan = randomUUID();
    await insert('submissions', {
      id: loan,
      type: 'book_loan',
      name: 'Borrower',
      student_number: number,
      book_id: book,
      pickup_location: (await sql<{ v: string }>(`select (enum_range(null::public.pickup_location))[1]::text as v`))[0]!
        .v,
      loan_date: new Date().toISOString().slice(0, 10),
    });
    const bookVersion = await versionOf('books', { id: book });
    const review = await editors[0].client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: loan }) })
      .eq('id', loan);
    expect(review.error).toBeNull();
    expect(await versionOf('books', { id: book })).toBe(bookVersion + 1);
    // The editor's book form, opened before the approval, would put `available` back: refused.
    const stale = await editors[1].client
      .from('books')
      .update({ available: true, version: bookVersion })
      .eq('id', book);
    expect(stale.error?.message).toBe('stale_record');
  });
});

describe('check-in (set_attendance) names the version of the registration', () => {
  async function approvedRegistration(): Promise<string> {
    const event = await newEvent();
    const number = `RV${rand()}`;
    await insert('students', { name: 'Attendee', student_number: number });
    const id = randomUUID();
    await insert('submissions', {
      id,
      type: 'event_registration',
      name: 'Attendee',
      student_number: number,
      event_id: event,
      status: 'approved',
    });
    return id;
  }

  it('the current version checks in and raises the version', async () => {
    const id = await approvedRegistration();
    const version = await versionOf('submissions', { id });
    const { data, error } = await editors[0].client.rpc('set_attendance', {
      submission_id: id,
      attended: true,
      version,
    });
    expect(error).toBeNull();
    expect(data).not.toBeNull();
    expect(await versionOf('submissions', { id })).toBe(version + 1);
  });

  it('a stale version is refused when it would change something, and answered when nothing changes', async () => {
    const id = await approvedRegistration();
    const version = await versionOf('submissions', { id });
    const first = await editors[0].client.rpc('set_attendance', { submission_id: id, attended: true, version });
    expect(first.error).toBeNull();
    // A second volunteer at the door, with the list from before: the student is already in.
    const again = await editors[1].client.rpc('set_attendance', { submission_id: id, attended: true, version });
    expect(again.error).toBeNull();
    expect(again.data).toBe(first.data);
    // Undoing from the old list would undo someone else's check-in unseen: refused.
    const undo = await editors[1].client.rpc('set_attendance', { submission_id: id, attended: false, version });
    expect(undo.status).toBe(409);
    expect(undo.error).toMatchObject({ code: 'PT409', message: 'stale_record' });
    const none = await editors[1].client.rpc('set_attendance', { submission_id: id, attended: false });
    expect(none.error?.message).toBe('stale_record');
    const { data } = await svc.from('submissions').select('attended_at').eq('id', id).single();
    expect(data?.attended_at).toBe(first.data);
  });
});

let footerAddress: unknown;
beforeAll(async () => {
  footerAddress = (await svc.from('settings').select('value').eq('key', 'footerAddress').single()).data?.value;
});
afterAll(async () => {
  await svc.from('settings').upsert({ key: 'footerAddress', value: footerAddress ?? '' });
});
