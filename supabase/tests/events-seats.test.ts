// Seats and the registration deadline (docs/data-model.md "Seats and the
// waitlist"): pending and approved registrations hold a seat, a registration that finds the
// event full waits on the waitlist, a rejected or deleted seat promotes the first waitlisted, and
// visitors read the free seats through the computed field `places_left`, never the registrations.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  L,
  anon,
  anonFrom,
  createUser,
  freshLoopback,
  futureIso,
  rand,
  resetRateLimits,
  service,
  type TestUser,
  newEvent,
  versionOf,
} from './helpers.ts';

const svc = service();
let editor: TestUser;

beforeAll(async () => {
  editor = await createUser('editor');
});
beforeEach(resetRateLimits);

async function newStudents(n: number): Promise<string[]> {
  const numbers = Array.from({ length: n }, () => `SE${rand()}`);
  const { error } = await svc
    .from('students')
    .insert(numbers.map((student_number) => ({ name: 'Seat Student', student_number })));
  if (error) throw new Error(error.message);
  return numbers;
}

/** A visitor's registration (rpc submit, as the public site sends it): its answer, status and error. */
async function register(c: SupabaseClient, event: string, number: string, name = `Seat ${rand()}`) {
  const { data, error, status } = await c.rpc('submit', {
    type: 'event_registration',
    name,
    student_number: number,
    event_id: event,
  });
  return { data: data as { waitlisted: boolean } | null, error, status };
}

/** The event's registrations (service role), in the order they arrived. */
async function registrations(event: string) {
  const { data, error } = await svc
    .from('submissions')
    .select('id,name,status,waitlist_position')
    .eq('event_id', event)
    .eq('type', 'event_registration')
    .order('created_at')
    .order('waitlist_position');
  if (error) throw new Error(error.message);
  return data as { id: string; name: string; status: string; waitlist_position: number | null }[];
}

/** What a visitor reads: the computed field places_left. */
async function placesLeft(event: string): Promise<number | null> {
  const { data, error } = await anon().from('events').select('id,places_left').eq('id', event).single();
  if (error) throw new Error(error.message);
  return (data as { places_left: number | null }).places_left;
}

async function review(id: string, status: 'approved' | 'rejected') {
  const { error } = await editor.client
    .from('submissions')
    .update({ status, version: await versionOf('submissions', { id: id }) })
    .eq('id', id);
  return error;
}

/** Registers `numbers` one after the other; the rows by name. */
async function registerInTurn(event: string, numbers: string[]) {
  for (const [i, number] of numbers.entries()) {
    const answer = await register(anon(), event, number, `Turn ${i} ${rand()}`);
    expect(answer.error).toBeNull();
  }
  return registrations(event);
}

describe('seats', () => {
  it('20 registrations racing for 5 seats: exactly 5 hold a seat, 15 are waitlisted, each told so', async () => {
    const event = await newEvent({ capacity: 5 });
    const numbers = await newStudents(20);
    // Each from its own address, as students on their phones (no limit is in the way).
    const answers = await Promise.all(numbers.map((number) => register(anonFrom(freshLoopback()), event, number)));
    expect(answers.map((a) => a.error)).toEqual(Array(20).fill(null));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.filter((a) => a.data?.waitlisted === false)).toHaveLength(5);
    expect(answers.filter((a) => a.data?.waitlisted === true)).toHaveLength(15);

    const rows = await registrations(event);
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.waitlist_position === null)).toHaveLength(5);
    // The waitlist is one line: 1 … 15, each once.
    expect(
      rows
        .map((r) => r.waitlist_position)
        .filter((p) => p !== null)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(await placesLeft(event)).toBe(0);
  });

  it('places_left: visitors read the free seats (null without a capacity), never the registrations', async () => {
    const event = await newEvent({ capacity: 3 });
    const unlimited = await newEvent();
    expect(await placesLeft(event)).toBe(3);
    expect(await placesLeft(unlimited)).toBeNull();
    const [a, b] = await newStudents(2);
    expect((await register(anon(), event, a!)).data).toEqual({ waitlisted: false });
    expect((await register(anon(), unlimited, b!)).data).toEqual({ waitlisted: false });
    expect(await placesLeft(event)).toBe(2);
    expect(await placesLeft(unlimited)).toBeNull();
    // Filterable and listable as any column.
    const { data: list } = await anon()
      .from('events')
      .select('id,capacity,places_left')
      .in('id', [event, unlimited])
      .order('id');
    expect(new Map((list ?? []).map((r) => [r.id, r.places_left]))).toEqual(
      new Map([
        [event, 2],
        [unlimited, null],
      ]),
    );
    // The count comes from a security-definer helper; the rows stay hidden.
    const { data: hidden } = await anon().from('submissions').select('id').eq('event_id', event);
    expect(hidden ?? []).toEqual([]);
  });

  it('a seat freed by a rejection goes to the first waitlisted; a rejected waitlisted frees nothing', async () => {
    const event = await newEvent({ capacity: 2 });
    const rows = await registerInTurn(event, await newStudents(5));
    const [first, second, w1, w2, w3] = rows;
    expect(rows.map((r) => r.waitlist_position)).toEqual([null, null, 1, 2, 3]);

    expect(await review(w2!.id, 'rejected')).toBeNull(); // leaves the line; no seat changes hands
    expect(await placesLeft(event)).toBe(0);
    expect(await review(first!.id, 'rejected')).toBeNull();
    const after = new Map((await registrations(event)).map((r) => [r.id, r]));
    expect(after.get(w1!.id)).toMatchObject({ status: 'pending', waitlist_position: null }); // promoted, pending for staff
    expect(after.get(w3!.id)?.waitlist_position).toBe(3); // still waiting
    expect(await placesLeft(event)).toBe(0);

    expect(await review(second!.id, 'approved')).toBeNull(); // approved keeps its seat
    expect(await review(w1!.id, 'rejected')).toBeNull();
    expect((await registrations(event)).find((r) => r.id === w3!.id)?.waitlist_position).toBeNull();
    expect(await review(w3!.id, 'rejected')).toBeNull(); // nobody left to promote: the seat is free
    expect(await placesLeft(event)).toBe(1);
    // The next visitor gets it.
    const [late] = await newStudents(1);
    expect((await register(anon(), event, late!)).data).toEqual({ waitlisted: false });
    expect(await placesLeft(event)).toBe(0);
  });

  it('a waitlisted registration cannot be approved over the capacity: event_full', async () => {
    const event = await newEvent({ capacity: 1 });
    const [, waiting] = await registerInTurn(event, await newStudents(2));
    const error = await review(waiting!.id, 'approved');
    expect(error?.message).toBe('event_full');
    expect((await registrations(event)).find((r) => r.id === waiting!.id)?.status).toBe('pending');
  });

  it('deleting a seat, or raising the capacity, promotes in waitlist order', async () => {
    const event = await newEvent({ capacity: 1 });
    const [holder, w1, w2, w3] = await registerInTurn(event, await newStudents(4));
    const superadmin = await createUser('superadmin');
    expect((await superadmin.client.from('submissions').delete().eq('id', holder!.id)).error).toBeNull();
    let rows = new Map((await registrations(event)).map((r) => [r.id, r.waitlist_position]));
    expect([rows.get(w1!.id), rows.get(w2!.id), rows.get(w3!.id)]).toEqual([null, 2, 3]);

    expect(
      (
        await editor.client
          .from('events')
          .update({ capacity: 2, version: await versionOf('events', { id: event }) })
          .eq('id', event)
      ).error,
    ).toBeNull();
    rows = new Map((await registrations(event)).map((r) => [r.id, r.waitlist_position]));
    expect([rows.get(w2!.id), rows.get(w3!.id)]).toEqual([null, 3]);
    // No capacity: everyone waiting gets a seat.
    expect(
      (
        await editor.client
          .from('events')
          .update({ capacity: null, version: await versionOf('events', { id: event }) })
          .eq('id', event)
      ).error,
    ).toBeNull();
    expect((await registrations(event)).every((r) => r.waitlist_position === null)).toBe(true);
    expect(await placesLeft(event)).toBeNull();
  });

  it('a lowered capacity keeps the seats already held and shows 0, never a negative number', async () => {
    const event = await newEvent({ capacity: 3 });
    await registerInTurn(event, await newStudents(3));
    expect(
      (
        await editor.client
          .from('events')
          .update({ capacity: 1, version: await versionOf('events', { id: event }) })
          .eq('id', event)
      ).error,
    ).toBeNull();
    expect((await registrations(event)).map((r) => r.waitlist_position)).toEqual([null, null, null]);
    expect(await placesLeft(event)).toBe(0);
  });

  it('the capacity is a positive whole number or nothing', async () => {
    for (const capacity of [0, -3]) {
      const { error } = await editor.client.from('events').insert({
        title: L('Bad'),
        description: L('D'),
        location: L('H'),
        starts_at: futureIso(5),
        photo_path: 'events/bad.png',
        capacity,
      });
      expect(error?.code, String(capacity)).toBe('23514');
    }
  });

  it('a visitor cannot choose a waitlist position: invalid_submission', async () => {
    const event = await newEvent({ capacity: 5 });
    const [number] = await newStudents(1);
    const { error } = await anon().rpc('submit', {
      type: 'event_registration',
      name: 'Jumper',
      student_number: number,
      event_id: event,
      waitlist_position: 1,
    });
    expect(error?.message).toBe('invalid_submission');
  });

  it('other submissions answer null, as before', async () => {
    const { data, error, status } = await anon().rpc('submit', {
      type: 'contact',
      name: 'Seats',
      email: `s-${rand()}@example.com`,
      message: 'Hello',
    });
    expect([data, error, status]).toEqual([null, null, 201]);
  });
});

describe('registration deadline', () => {
  it('after the deadline a registration is refused: 409 registration_deadline_passed', async () => {
    const event = await newEvent({ registration_deadline: new Date(Date.now() - 60_000).toISOString() });
    const [number] = await newStudents(1);
    const answer = await register(anon(), event, number!);
    expect([answer.status, answer.error?.code, answer.error?.message]).toEqual([
      409,
      'P0001',
      'registration_deadline_passed',
    ]);
    expect(await registrations(event)).toEqual([]);
  });

  it('before the deadline a registration is accepted', async () => {
    const event = await newEvent({ registration_deadline: futureIso(2) });
    const [number] = await newStudents(1);
    expect((await register(anon(), event, number!)).data).toEqual({ waitlisted: false });
  });

  it('the deadline is before the event starts and a real date', async () => {
    const startsAt = futureIso(5);
    for (const registration_deadline of [startsAt, futureIso(6), 'infinity']) {
      const { error } = await editor.client.from('events').insert({
        title: L('Bad'),
        description: L('D'),
        location: L('H'),
        starts_at: startsAt,
        photo_path: 'events/bad.png',
        registration_deadline,
      });
      expect(error?.code, registration_deadline).toBe('23514');
    }
    const id = await newEvent({ starts_at: startsAt, registration_deadline: futureIso(4) });
    // Moving the start before the deadline is refused as well.
    const { error } = await editor.client
      .from('events')
      .update({ starts_at: futureIso(3), version: await versionOf('events', { id: id }) })
      .eq('id', id);
    expect(error?.code).toBe('23514');
  });
});
