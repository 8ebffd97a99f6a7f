// Check-in (docs/data-model.md "Check-in"): staff mark an approved registration's student
// present with public.set_attendance, and undo it; nobody else may, and pending, waitlisted and
// rejected registrations cannot be checked in. An event may accept evaluations only from
// students who were checked in, matched by student number.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anon,
  createUser,
  rand,
  resetRateLimits,
  service,
  sql,
  type TestUser,
  newEvent,
  versionOf,
} from './helpers.ts';

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
beforeEach(resetRateLimits);

async function newStudent(): Promise<string> {
  const number = `CI${rand()}`;
  const { error } = await svc.from('students').insert({ name: 'Check-in Student', student_number: number });
  if (error) throw new Error(error.message);
  return number;
}

type Registration = {
  status?: 'pending' | 'approved' | 'rejected';
  waitlist_position?: number | null;
  student_number?: string;
};

/** A registration stored as history (service role: the insert rules let it through as given). */
async function newRegistration(event: string, fields: Registration = {}): Promise<{ id: string; number: string }> {
  const number = fields.student_number ?? (await newStudent());
  const { data, error } = await svc
    .from('submissions')
    .insert({
      type: 'event_registration',
      name: `Attendee ${rand()}`,
      event_id: event,
      status: 'approved',
      ...fields,
      student_number: number,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return { id: data.id, number };
}

async function attendedAt(id: string): Promise<string | null> {
  const { data, error } = await svc.from('submissions').select('attended_at').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data.attended_at;
}

/** Check-in as the console sends it: with the version of the registration it shows. */
const mark = async (c: SupabaseClient, id: string, attended = true) => {
  const { data } = await svc.from('submissions').select('version').eq('id', id).maybeSingle();
  return c.rpc('set_attendance', { submission_id: id, attended, version: data?.version ?? null });
};

describe('marking attendance', () => {
  it('staff mark an approved registration attended and undo it; the first time is kept when marked twice', async () => {
    const event = await newEvent();
    const { id } = await newRegistration(event);
    const first = await mark(editor.client, id);
    expect(first.error).toBeNull();
    const stored = await attendedAt(id);
    expect(stored).not.toBeNull();
    expect(Date.parse(first.data!)).toBe(Date.parse(stored!));
    expect(Math.abs(Date.parse(stored!) - Date.now())).toBeLessThan(60_000);

    const again = await mark(superadmin.client, id);
    expect(again.error).toBeNull();
    expect(await attendedAt(id)).toBe(stored);

    const undo = await mark(editor.client, id, false);
    expect(undo.error).toBeNull();
    expect(undo.data).toBeNull();
    expect(await attendedAt(id)).toBeNull();
  });

  it('visitors and signed-in users without a staff record cannot mark attendance', async () => {
    const event = await newEvent();
    const { id } = await newRegistration(event);
    const visitor = await mark(anon(), id);
    expect(visitor.error).not.toBeNull();
    const outsider = await mark(signedIn.client, id);
    expect(outsider.error?.message).toBe('not_allowed');
    expect(await attendedAt(id)).toBeNull();
  });

  it('staff cannot set attended_at through a plain update (only set_attendance)', async () => {
    const event = await newEvent();
    const { id } = await newRegistration(event);
    const { error } = await editor.client
      .from('submissions')
      .update({ attended_at: new Date().toISOString(), version: await versionOf('submissions', { id: id }) })
      .eq('id', id);
    expect(error?.message).toBe('not_pending');
    const pending = await newRegistration(event, { status: 'pending' });
    const second = await editor.client
      .from('submissions')
      .update({
        status: 'approved',
        attended_at: new Date().toISOString(),
        version: await versionOf('submissions', { id: pending.id }),
      })
      .eq('id', pending.id);
    expect(second.error?.message).toBe('not_allowed');
    expect(await attendedAt(id)).toBeNull();
    expect(await attendedAt(pending.id)).toBeNull();
  });

  it('refuses pending, waitlisted and rejected registrations (not_approved) and other submissions', async () => {
    const event = await newEvent({ capacity: 1 });
    const seated = await newRegistration(event, { status: 'pending' });
    const waitlisted = await newRegistration(event, { status: 'pending', waitlist_position: 1 });
    const rejected = await newRegistration(event, { status: 'rejected' });
    for (const r of [seated, waitlisted, rejected]) {
      const { error } = await mark(editor.client, r.id);
      expect(error?.message).toBe('not_approved');
      expect(await attendedAt(r.id)).toBeNull();
    }
    const { data: contact } = await svc
      .from('submissions')
      .insert({ type: 'contact', name: 'Contact', email: 'c@example.com', message: 'Hi.' })
      .select('id')
      .single();
    expect((await mark(editor.client, contact!.id)).error?.message).toBe('invalid_submission');
    expect((await mark(editor.client, crypto.randomUUID())).error?.message).toBe('invalid_submission');
  });

  it('the table refuses attended_at on anything but an approved registration, for any path', async () => {
    const event = await newEvent();
    const { error } = await svc.from('submissions').insert({
      type: 'event_registration',
      name: 'Pending present',
      student_number: await newStudent(),
      event_id: event,
      status: 'pending',
      attended_at: new Date().toISOString(),
    });
    expect(error?.code).toBe('23514');
  });

  it('a check-in and its undo are audited with the staff member as the actor', async () => {
    const event = await newEvent();
    const { id } = await newRegistration(event);
    expect((await mark(editor.client, id)).error).toBeNull();
    expect((await mark(editor.client, id, false)).error).toBeNull();
    const entries = await sql<{
      actor_id: string;
      action: string;
      before: { attended_at: string | null };
      after: { attended_at: string | null };
    }>(
      `select actor_id, action, before, after from public.audit_log
        where table_name = 'submissions' and row_id = $1 and action = 'UPDATE' order by id`,
      [id],
    );
    expect(entries.map((e) => [e.actor_id, e.before.attended_at === null, e.after.attended_at === null])).toEqual([
      [editor.id, true, false],
      [editor.id, false, true],
    ]);
  });
});

describe('only attendees may evaluate', () => {
  const pastIso = () => new Date(Date.now() - 2 * 86_400_000).toISOString();

  const evaluate = (event: string, number: string) =>
    anon().rpc('submit', {
      type: 'evaluation',
      name: `Evaluator ${rand()}`,
      student_number: number,
      event_id: event,
      rating: 5,
      message: 'A good evening.',
    });

  it('refuses a student who was not checked in (409 not_attended) and accepts one who was', async () => {
    const event = await newEvent({ starts_at: pastIso(), evaluation_attendees_only: true });
    const present = await newRegistration(event);
    const absent = await newRegistration(event);
    const stranger = await newStudent();
    expect((await mark(editor.client, present.id)).error).toBeNull();

    const refused = await evaluate(event, absent.number);
    expect([refused.status, refused.error?.message]).toEqual([409, 'not_attended']);
    expect((await evaluate(event, stranger)).error?.message).toBe('not_attended');

    const accepted = await evaluate(event, present.number);
    expect([accepted.status, accepted.error]).toEqual([201, null]);

    // An undone check-in no longer counts.
    const undone = await newRegistration(event);
    expect((await mark(editor.client, undone.id)).error).toBeNull();
    expect((await mark(editor.client, undone.id, false)).error).toBeNull();
    expect((await evaluate(event, undone.number)).error?.message).toBe('not_attended');

    const { data } = await svc
      .from('submissions')
      .select('student_number')
      .eq('event_id', event)
      .eq('type', 'evaluation');
    expect(data).toEqual([{ student_number: present.number }]);
  });

  it('a check-in at another event does not count; without the option anyone known may evaluate', async () => {
    const strict = await newEvent({ starts_at: pastIso(), evaluation_attendees_only: true });
    const other = await newEvent({ starts_at: pastIso() });
    const elsewhere = await newRegistration(other);
    expect((await mark(editor.client, elsewhere.id)).error).toBeNull();
    expect((await evaluate(strict, elsewhere.number)).error?.message).toBe('not_attended');

    const open = await newEvent({ starts_at: pastIso() });
    const { status, error } = await evaluate(open, await newStudent());
    expect([status, error]).toEqual([201, null]);
  });

  it('not_attended is a register answer: it counts towards the 30 per address', async () => {
    const event = await newEvent({ starts_at: pastIso(), evaluation_attendees_only: true });
    const absent = await newRegistration(event);
    await evaluate(event, absent.number);
    const [{ n }] = await sql<{ n: string }>(
      `select count(*) as n from private.submission_attempts where kind = 'register_probe'`,
    );
    expect(Number(n)).toBe(1);
  });
});
