// The permission matrix of docs/permissions.md, one test per cell, through supabase-js with
// the role's own key or session. Each cell sets up its own target row with the service role
// and checks the outcome with the service role, so "refused" means the data did not change
// (whether PostgREST answered with an error or row-level security hid the row).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cells } from './permissions-doc.ts';
import {
  L,
  SEED,
  createUser,
  futureIso,
  pngBytes,
  pngBytes2,
  rand,
  randomUUID,
  repoRoot,
  resetRateLimits,
  roleClients,
  service,
  sql,
  freeTranslationKey,
  type RoleClients,
  type RoleName,
} from './helpers.ts';

let rc: RoleClients;
beforeAll(async () => {
  rc = await roleClients();
});
// Every client shares one address at the gateway; each cell starts with no rate-limit attempts.
beforeEach(resetRateLimits);
const as = (role: RoleName): SupabaseClient => rc.clients[role];

type Row = Record<string, unknown>;
interface TableSpec {
  key: string;
  /** A new valid row (inserted by the role under test or by the service role). */
  make(): Promise<Row> | Row;
  /** Values for the update cell; `changed` compares them with the stored row. */
  patch(): Row;
  /** Optional: an existing row to update/delete instead of a new one. */
  existing?(): Promise<unknown>;
  /** The seed has no rows here: the select cell first adds one with the service role. */
  emptyInSeed?: boolean;
  /** Optional: prepare an insert (e.g. free a fixed key) and restore afterwards. */
  around?: { before(): Promise<void>; after(): Promise<void> };
}

const svc = service();

async function serviceInsert(table: string, row: Row, key: string): Promise<unknown> {
  const { data, error } = await svc.from(table).insert(row).select(key).single();
  if (error) throw new Error(`service insert into ${table}: ${error.message}`);
  return (data as unknown as Row)[key];
}

async function fetchRow(table: string, key: string, value: unknown): Promise<Row | null> {
  const { data, error } = await svc
    .from(table)
    .select('*')
    .eq(key, value as string)
    .maybeSingle();
  if (error) throw new Error(`service select ${table}: ${error.message}`);
  return data as Row | null;
}

const restoreYouTube = async () => {
  const { error } = await svc.from('settings').upsert({ key: 'footerYouTube', value: '' });
  if (error) throw new Error(error.message);
};

const restoreSmtpCredential = async () => {
  const { error } = await svc
    .from('credentials')
    .upsert({ key: 'smtp_password', holder: null, expires_on: null, note: null }, { ignoreDuplicates: true });
  if (error) throw new Error(error.message);
};

const specs: Record<string, TableSpec> = {
  events: {
    key: 'id',
    make: () => ({
      id: randomUUID(),
      title: L('Matrix event'),
      description: L('Description'),
      location: L('Hall'),
      starts_at: futureIso(30),
      registration_open: true,
      photo_path: 'events/matrix.png',
    }),
    patch: () => ({ registration_open: false }),
  },
  board_members: {
    key: 'id',
    make: () => ({
      id: randomUUID(),
      name: L('Member'),
      title: L('Coordinator'),
      bio: L('Bio'),
      role: 'committee_coordinator',
      sort_order: 9,
      gender: 'female',
    }),
    patch: () => ({ sort_order: 42 }),
  },
  books: {
    key: 'id',
    make: () => ({ id: randomUUID(), title: L('Book'), author: L('Author'), description: L('About') }),
    patch: () => ({ available: false }),
  },
  achievements: {
    key: 'id',
    make: () => ({
      id: randomUUID(),
      title: L('Prize'),
      description: L('Won'),
      achieved_on: '2025-05-01',
      photo_path: 'achievements/matrix.png',
    }),
    patch: () => ({ achieved_on: '2024-02-02' }),
  },
  partners: {
    key: 'id',
    make: () => ({
      id: randomUUID(),
      name: L('Partner'),
      description: L('Works with us'),
      logo_path: 'partners/matrix.png',
    }),
    patch: () => ({ sort_order: 7 }),
  },
  news: {
    key: 'id',
    // Published (the seed's items show the select cell works for visitors); drafts and scheduled
    // items are supabase/tests/news.test.ts's.
    make: () => ({
      id: randomUUID(),
      title: L('Matrix news'),
      summary: L('Summary'),
      body: L('<p>Body</p>'),
      status: 'published',
    }),
    patch: () => ({ pinned: true }),
  },
  statistics: {
    key: 'id',
    make: () => ({ id: randomUUID(), title: L('Count'), value: 5, icon: 'book', sort_order: 8 }),
    patch: () => ({ value: 77 }),
  },
  translations: {
    key: 'key',
    emptyInSeed: true,
    make: async () => ({ key: await freeTranslationKey(), en: 'Hello', ar: null, tr: 'Merhaba' }),
    patch: () => ({ en: `changed ${rand()}` }),
  },
  settings: {
    key: 'key',
    make: () => ({ key: 'footerYouTube', value: 'https://www.youtube.com/@matrix' }),
    patch: () => ({ value: `https://www.youtube.com/@matrix${rand()}` }),
    existing: async () => {
      await restoreYouTube();
      return 'footerYouTube';
    },
    around: {
      before: async () => {
        const { error } = await svc.from('settings').delete().eq('key', 'footerYouTube');
        if (error) throw new Error(error.message);
      },
      after: restoreYouTube,
    },
  },
  submissions: {
    key: 'id',
    make: () => ({
      id: randomUUID(),
      type: 'contact',
      name: 'Matrix Visitor',
      email: 'matrix@example.com',
      message: 'A question from the matrix test.',
    }),
    patch: () => ({ status: 'approved' }),
  },
  staff: {
    key: 'user_id',
    make: async () => {
      const email = `t-staffrow-${rand()}@union.test`;
      const { data, error } = await svc.auth.admin.createUser({ email, password: 'Test-pass1', email_confirm: true });
      if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
      return { user_id: data.user.id, email, role: 'editor' };
    },
    patch: () => ({ role: 'superadmin' }),
  },
  students: {
    key: 'id',
    make: () => ({ id: randomUUID(), name: 'Matrix Student', student_number: `M${rand()}` }),
    patch: () => ({ enabled: false }),
  },
  credentials: {
    // Four fixed rows (the migration's): the cells work on the SMTP password's, put back after.
    key: 'key',
    make: () => ({ key: 'smtp_password', holder: 'Matrix Holder' }),
    patch: () => ({ holder: `Matrix Holder ${rand()}`, expires_on: '2031-05-01' }),
    existing: async () => {
      await restoreSmtpCredential();
      return 'smtp_password';
    },
    around: {
      before: async () => {
        const { error } = await svc.from('credentials').delete().eq('key', 'smtp_password');
        if (error) throw new Error(error.message);
      },
      after: restoreSmtpCredential,
    },
  },
  mail_outbox: {
    // Keyed by a submission of its own per row. Rows are made already sent, so the stack's drain
    // leaves them alone.
    key: 'submission_id',
    emptyInSeed: true,
    make: async () => ({
      submission_id: await serviceInsert(
        'submissions',
        { type: 'contact', name: 'Matrix Mail', email: `mm-${rand()}@example.com`, message: 'Hi.' },
        'id',
      ),
      kind: 'registration_rejected',
      state: 'sent',
    }),
    patch: () => ({ state: 'failed' }),
  },
  audit_log: {
    key: 'id',
    make: () => ({ table_name: `matrix_${rand()}`, action: 'INSERT' }),
    patch: () => ({ row_id: `tampered-${rand()}` }),
    existing: async () => {
      const { data, error } = await svc
        .from('audit_log')
        .select('id')
        .order('id', { ascending: false })
        .limit(1)
        .single();
      if (error) throw new Error(error.message);
      return (data as Row).id;
    },
  },
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function target(table: string, spec: TableSpec): Promise<unknown> {
  return spec.existing ? spec.existing() : serviceInsert(table, await spec.make(), spec.key);
}

describe('tables', () => {
  for (const cell of cells('tables')) {
    const spec = specs[cell.subject];
    it(`${cell.subject} ${cell.operation} by ${cell.role}: ${cell.allowed ? 'allowed' : 'refused'}`, async () => {
      if (!spec) throw new Error(`no test spec for table ${cell.subject}`);
      const c = as(cell.role);
      const t = cell.subject;
      let done: boolean;
      if (cell.operation === 'select') {
        if (spec.emptyInSeed) await serviceInsert(t, await spec.make(), spec.key);
        const { data, error } = await c.from(t).select('*').limit(5);
        done = !error && (data?.length ?? 0) > 0;
      } else if (cell.operation === 'insert') {
        await spec.around?.before();
        try {
          const row = await spec.make();
          const { error } = await c.from(t).insert(row);
          const lookup = t === 'audit_log' ? ['table_name', row.table_name] : [spec.key, row[spec.key]];
          const stored = await fetchRow(t, lookup[0] as string, lookup[1]);
          done = !error && stored !== null;
          if (cell.allowed && error) throw new Error(`unexpected error: ${error.message}`);
        } finally {
          await spec.around?.after();
        }
      } else if (cell.operation === 'update') {
        const id = await target(t, spec);
        const patch = spec.patch();
        // Tables staff edit carry a row version (docs/data-model.md "Row versions"): the update
        // names the current one, as the console does, so the cell tests the permission alone.
        const current = await fetchRow(t, spec.key, id);
        const versioned = current && 'version' in current ? { ...patch, version: current.version } : patch;
        const { error } = await c
          .from(t)
          .update(versioned)
          .eq(spec.key, id as string);
        const stored = await fetchRow(t, spec.key, id);
        done = !error && stored !== null && Object.entries(patch).every(([k, v]) => same(stored[k], v));
        if (cell.allowed && error) throw new Error(`unexpected error: ${error.message}`);
        if (t === 'settings') await svc.from('settings').upsert({ key: 'footerYouTube', value: '' });
      } else if (cell.operation === 'delete') {
        const id = await target(t, spec);
        const { error } = await c
          .from(t)
          .delete()
          .eq(spec.key, id as string);
        const stored = await fetchRow(t, spec.key, id);
        done = !error && stored === null;
        if (cell.allowed && error) throw new Error(`unexpected error: ${error.message}`);
        if (t === 'settings') await restoreYouTube();
      } else {
        throw new Error(`unknown operation ${cell.operation}`);
      }
      expect(done).toBe(cell.allowed);
    });
  }
});

describe('storage bucket images', () => {
  const bucket = () => svc.storage.from('images');
  async function seedObject(folder = 'events'): Promise<string> {
    const p = `${folder}/matrix-${rand()}.png`;
    const { error } = await bucket().upload(p, pngBytes(), { contentType: 'image/png' });
    if (error) throw new Error(`seed object: ${error.message}`);
    return p;
  }
  async function size(p: string): Promise<number | null> {
    const { data, error } = await bucket().download(p);
    return error || !data ? null : data.size;
  }
  /** Real WebP bytes (a demo picture): uploads are checked against their declared type. */
  const webpBytes = () => fs.readFileSync(path.join(repoRoot, 'supabase', 'seed-images', 'book-1-320x480.webp'));
  /** Makes a book use `p` as its cover: the image now belongs to content. */
  async function usedByBook(p: string): Promise<string> {
    await serviceInsert(
      'books',
      { id: randomUUID(), title: L('Cover'), author: L('A'), description: L('D'), cover_path: p },
      'id',
    );
    return p;
  }
  /** Makes `p` the cover of a book that is then deleted: the image is held for the restore. */
  async function deletedBookCover(p: string): Promise<string> {
    const id = randomUUID();
    await serviceInsert('books', { id, title: L('Deleted'), author: L('A'), description: L('D'), cover_path: p }, 'id');
    await svc.from('books').delete().eq('id', id);
    return p;
  }
  async function replace(c: SupabaseClient, p: string): Promise<boolean> {
    const replacement = pngBytes2();
    const { error } = await c.storage.from('images').upload(p, replacement, { contentType: 'image/png', upsert: true });
    return !error && (await size(p)) === replacement.length;
  }
  /** Renames p (Storage's move: an update of the object's name). */
  async function move(c: SupabaseClient, p: string): Promise<boolean> {
    const to = `${p.split('/')[0]}/matrix-moved-${rand()}.png`;
    const { error } = await c.storage.from('images').move(p, to);
    return !error && (await size(to)) !== null && (await size(p)) === null;
  }
  async function remove(c: SupabaseClient, p: string): Promise<boolean> {
    const { error } = await c.storage.from('images').remove([p]);
    return !error && (await size(p)) === null;
  }

  const run: Record<string, (c: SupabaseClient) => Promise<boolean>> = {
    'upload into one of the image folders': async (c) => {
      const p = `board-members/matrix-${rand()}.png`;
      const { error } = await c.storage.from('images').upload(p, pngBytes(), { contentType: 'image/png' });
      return !error && (await size(p)) !== null;
    },
    'upload outside the image folders': async (c) => {
      const p = `other/matrix-${rand()}.png`;
      const { error } = await c.storage.from('images').upload(p, pngBytes(), { contentType: 'image/png' });
      return !error && (await size(p)) !== null;
    },
    'replace an image no content uses (upsert)': async (c) => replace(c, await seedObject('books')),
    'delete an image no content uses': async (c) => remove(c, await seedObject('achievements')),
    'replace an image a content row uses (upsert)': async (c) =>
      replace(c, await usedByBook(await seedObject('books'))),
    'delete an image a content row uses': async (c) => remove(c, await usedByBook(await seedObject('books'))),
    'delete an image of a record deleted within the restore period': async (c) =>
      remove(c, await deletedBookCover(await seedObject('books'))),
    'replace an image of a record deleted within the restore period (upsert)': async (c) =>
      replace(c, await deletedBookCover(await seedObject('books'))),
    'move an image no content uses': async (c) => move(c, await seedObject('events')),
    'move an image a content row uses': async (c) => move(c, await usedByBook(await seedObject('books'))),
    "delete a resized image's small variant while content uses the main one": async (c) => {
      const stem = `books/matrix-${rand()}-1767225600000`;
      for (const p of [`${stem}-600x900.webp`, `${stem}-320x480.webp`]) {
        const { error } = await bucket().upload(p, webpBytes(), { contentType: 'image/webp' });
        if (error) throw new Error(`seed object: ${error.message}`);
      }
      await usedByBook(`${stem}-600x900.webp`);
      return remove(c, `${stem}-320x480.webp`);
    },
    'list objects': async (c) => {
      await seedObject('events');
      const { data, error } = await c.storage.from('images').list('events', { limit: 100 });
      return !error && (data?.filter((o) => o.id).length ?? 0) > 0;
    },
    'download through the public URL': async (c) => {
      const p = await seedObject('events');
      const res = await fetch(c.storage.from('images').getPublicUrl(p).data.publicUrl);
      await res.arrayBuffer();
      return res.ok;
    },
  };

  for (const cell of cells('storage')) {
    it(`${cell.operation} by ${cell.role}: ${cell.allowed ? 'allowed' : 'refused'}`, async () => {
      const f = run[cell.operation];
      if (!f) throw new Error(`no test for storage operation "${cell.operation}"`);
      expect(await f(as(cell.role))).toBe(cell.allowed);
    });
  }
});

describe('functions (RPC)', () => {
  async function approvedLoan(): Promise<string> {
    const bookId = await serviceInsert(
      'books',
      { id: randomUUID(), title: L('Loaned'), author: L('A'), description: L('D'), available: false },
      'id',
    );
    return (await serviceInsert(
      'submissions',
      {
        type: 'book_loan',
        status: 'approved',
        name: 'Loan',
        student_number: SEED.enabledStudent,
        book_id: bookId,
        pickup_location: 'campus',
        loan_date: '2026-01-10',
      },
      'id',
    )) as string;
  }

  /** A registration (no email: no mail is queued) and a cancel link for it, made as the database makes them. */
  async function cancelLink(): Promise<{ id: string; token: string }> {
    const id = (await serviceInsert(
      'submissions',
      {
        type: 'event_registration',
        name: 'Matrix Cancel',
        student_number: `MC${rand()}`,
        event_id: SEED.upcomingOpenEvent,
      },
      'id',
    )) as string;
    const token = `matrix-${rand()}-${rand()}`;
    await sql(`insert into private.cancel_tokens (token_hash, submission_id) values (private.token_hash($1), $2)`, [
      token,
      id,
    ]);
    return { id, token };
  }

  const run: Record<string, (c: SupabaseClient) => Promise<boolean>> = {
    cancel_lookup: async (c) => {
      const { token } = await cancelLink();
      const { data, error } = await c.rpc('cancel_lookup', { token });
      return !error && data?.event_id === SEED.upcomingOpenEvent;
    },
    cancel_registration: async (c) => {
      const { id, token } = await cancelLink();
      const { error } = await c.rpc('cancel_registration', { token });
      return !error && (await fetchRow('submissions', 'id', id))?.status === 'cancelled';
    },
    claim_mails: async (c) => {
      // Refused callers claim nothing; an allowed one answers a list (maybe empty: the drain is quick).
      const { data, error } = await c.rpc('claim_mails', { batch_size: 1 });
      return !error && Array.isArray(data);
    },
    finish_mail: async (c) => {
      const submission = await serviceInsert(
        'submissions',
        { type: 'contact', name: 'Matrix Finish', email: `mf-${rand()}@example.com`, message: 'Hi.' },
        'id',
      );
      // Held by a claim, so the stack's drain leaves it alone.
      const [mail] = await sql<{ id: string }>(
        `insert into public.mail_outbox (submission_id, kind, locked_until) values ($1, 'registration_rejected', now() + interval '1 hour') returning id`,
        [submission],
      );
      const { error } = await c.rpc('finish_mail', { mail_id: Number(mail!.id) });
      return !error && (await fetchRow('mail_outbox', 'id', mail!.id))?.state === 'sent';
    },
    report_publish: async (c) => {
      // A build that is running (the stack of these tests runs no publisher of its own).
      await sql(`delete from private.publish_builds where state = 'running'`);
      const [build] = await sql<{ id: string }>(`insert into private.publish_builds default values returning id`);
      const { data, error } = await c.rpc('report_publish', { build_id: build!.id });
      await sql(`delete from private.publish_builds where id = $1`, [build!.id]);
      return !error && data === 'live';
    },
    publish_now: async (c) => {
      const before = await sql(`select id from private.publish_changes where content = 'publish_now'`);
      const { error } = await c.rpc('publish_now');
      const after = await sql(`select id from private.publish_changes where content = 'publish_now'`);
      return !error && after.length === before.length + 1;
    },
    publish_status: async (c) => {
      const { data, error } = await c.rpc('publish_status');
      return !error && Array.isArray(data) && data.length === 1;
    },
    cancelled_events: async (c) => {
      const id = (await serviceInsert(
        'events',
        {
          title: L('Matrix cancelled'),
          description: L('D'),
          location: L('Hall'),
          starts_at: futureIso(5),
          photo_path: 'events/matrix.png',
        },
        'id',
      )) as string;
      await svc.from('events').delete().eq('id', id);
      const { data, error } = await c.rpc('cancelled_events');
      return !error && (data ?? []).some((r: { id: string }) => r.id === id);
    },
    submit: async (c) => {
      const name = `Matrix submit ${rand()}`;
      const { error } = await c.rpc('submit', {
        type: 'contact',
        name,
        email: `m-${rand()}@example.com`,
        message: 'A question.',
      });
      const { data } = await svc.from('submissions').select('status').eq('name', name);
      return !error && data?.length === 1 && data[0]!.status === 'pending';
    },
    is_known_student: async (c) => {
      const { data, error } = await c.rpc('is_known_student', { student_number: SEED.enabledStudent });
      return !error && data === true;
    },
    is_staff: async (c) => {
      const { data, error } = await c.rpc('is_staff');
      return !error && typeof data === 'boolean';
    },
    is_superadmin: async (c) => {
      const { data, error } = await c.rpc('is_superadmin');
      return !error && typeof data === 'boolean';
    },
    mark_loan_returned: async (c) => {
      const id = await approvedLoan();
      const { error } = await c.rpc('mark_loan_returned', { submission_id: id });
      const row = await fetchRow('submissions', 'id', id);
      return !error && row?.returned_at != null;
    },
    set_attendance: async (c) => {
      const eventId = await serviceInsert(
        'events',
        {
          title: L('Matrix check-in'),
          description: L('D'),
          location: L('Hall'),
          starts_at: futureIso(3),
          photo_path: 'events/matrix.png',
        },
        'id',
      );
      const id = await serviceInsert(
        'submissions',
        {
          type: 'event_registration',
          status: 'approved',
          name: 'Matrix attendee',
          student_number: SEED.enabledStudent,
          event_id: eventId,
        },
        'id',
      );
      const version = (await fetchRow('submissions', 'id', id))?.version;
      const { error } = await c.rpc('set_attendance', { submission_id: id, attended: true, version });
      const row = await fetchRow('submissions', 'id', id);
      return !error && row?.attended_at != null;
    },
    record_history: async (c) => {
      const id = await serviceInsert('statistics', { title: L('Matrix history'), value: 1 }, 'id');
      const { data, error } = await c.rpc('record_history', { table_name: 'statistics', row_id: id });
      return !error && (data ?? []).length === 1;
    },
    restore_version: async (c) => {
      const id = (await serviceInsert('statistics', { title: L('Matrix restore'), value: 1 }, 'id')) as string;
      await svc.from('statistics').update({ value: 2 }).eq('id', id);
      const first = await sql<{ id: string }>(
        `select id::text from public.audit_log where table_name = 'statistics' and row_id = $1 and action = 'INSERT'`,
        [id],
      );
      const version = (await fetchRow('statistics', 'id', id))?.version;
      const { error } = await c.rpc('restore_version', { entry_id: Number(first[0]!.id), version });
      return !error && (await fetchRow('statistics', 'id', id))?.value === 1;
    },
    restore_deleted: async (c) => {
      const id = (await serviceInsert('statistics', { title: L('Matrix deleted'), value: 1 }, 'id')) as string;
      await svc.from('statistics').delete().eq('id', id);
      const [entry] = await sql<{ id: string }>(
        `select id::text from public.audit_log where table_name = 'statistics' and row_id = $1 and action = 'DELETE'`,
        [id],
      );
      const { error } = await c.rpc('restore_deleted', { entry_id: Number(entry!.id) });
      return !error && (await fetchRow('statistics', 'id', id))?.value === 1;
    },
    claim_expired_images: async (c) => {
      const { data, error } = await c.rpc('claim_expired_images');
      return !error && Array.isArray(data);
    },
    person_data: async (c) => {
      const email = `p-${rand()}@example.com`;
      await serviceInsert(
        'submissions',
        { type: 'contact', status: 'pending', name: 'Privacy', email, message: 'Hi.' },
        'id',
      );
      const { data, error } = await c.rpc('person_data', { email });
      return !error && data?.submissions?.length === 1;
    },
    erase_person: async (c) => {
      const email = `e-${rand()}@example.com`;
      const id = await serviceInsert(
        'submissions',
        { type: 'contact', status: 'pending', name: 'Erase', email, message: 'Hi.' },
        'id',
      );
      const { error } = await c.rpc('erase_person', { email });
      return !error && (await fetchRow('submissions', 'id', id)) === null;
    },
    is_past: async (c) => {
      const { data, error } = await c.from('events').select('id,is_past').limit(3);
      return !error && (data ?? []).length > 0 && (data ?? []).every((r) => typeof (r as Row).is_past === 'boolean');
    },
    places_left: async (c) => {
      const id = await serviceInsert(
        'events',
        {
          title: L('Matrix seats'),
          description: L('D'),
          location: L('Hall'),
          starts_at: futureIso(30),
          capacity: 7,
          photo_path: 'events/matrix.png',
        },
        'id',
      );
      const { data, error } = await c.from('events').select('id,places_left').eq('id', id).single();
      return !error && (data as Row | null)?.places_left === 7;
    },
  };

  for (const cell of cells('functions')) {
    it(`${cell.subject} by ${cell.role}: ${cell.allowed ? 'allowed' : 'refused'}`, async () => {
      const f = run[cell.subject];
      if (!f) throw new Error(`no test for function ${cell.subject}`);
      expect(await f(as(cell.role))).toBe(cell.allowed);
    });
  }
});

describe('Edge Function admin-users', () => {
  const run: Record<string, (c: SupabaseClient) => Promise<boolean>> = {
    create: async (c) => {
      const email = `t-created-${rand()}@union.test`;
      const { data, error } = await c.functions.invoke('admin-users', {
        body: { action: 'create', email, password: 'Strong-pass1', role: 'editor' },
      });
      if (error) return false;
      const row = await fetchRow('staff', 'user_id', (data as Row).user_id);
      return row?.email === email && row.role === 'editor';
    },
    delete: async (c) => {
      const victim = await createUser('editor');
      const { error } = await c.functions.invoke('admin-users', { body: { action: 'delete', user_id: victim.id } });
      const { data } = await svc.auth.admin.getUserById(victim.id);
      return !error && !data.user && (await fetchRow('staff', 'user_id', victim.id)) === null;
    },
  };
  for (const cell of cells('edge')) {
    it(`${cell.operation} by ${cell.role}: ${cell.allowed ? 'allowed' : 'refused'}`, async () => {
      const f = run[cell.operation];
      if (!f) throw new Error(`no test for admin-users ${cell.operation}`);
      expect(await f(as(cell.role))).toBe(cell.allowed);
    });
  }
});
