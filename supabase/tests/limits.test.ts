// The limits of docs/permissions.md ("Limits"): the students register cannot be probed without
// limit by any path, every refused attempt counts, campus-sized ceilings per client address plus
// limits per student number and per email, and refusals answer 429 with Retry-After. Each client
// here has a loopback address of its own (fetchFrom), as visitors on different networks have.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  L,
  SEED,
  anon,
  anonFrom,
  env,
  fetchFrom,
  freshIp,
  freshLoopback,
  futureDate,
  futureIso,
  rand,
  randomUUID,
  resetRateLimits,
  service,
  sql,
  submit,
  newEvent,
} from './helpers.ts';

const svc = service();
beforeEach(resetRateLimits);

type Row = Record<string, unknown>;

async function newBook(): Promise<string> {
  const id = randomUUID();
  const { error } = await svc.from('books').insert({ id, title: L('Limit book'), author: L('A'), description: L('D') });
  if (error) throw new Error(error.message);
  return id;
}

async function newStudents(n: number): Promise<string[]> {
  const numbers = Array.from({ length: n }, () => `L${rand()}`);
  const { error } = await svc
    .from('students')
    .insert(numbers.map((student_number) => ({ name: 'Limit Student', student_number })));
  if (error) throw new Error(error.message);
  return numbers;
}

const stored = async (name: string) =>
  (await sql<{ n: number }>(`select count(*)::int as n from public.submissions where name = $1`, [name]))[0]!.n;
const attempts = async (kind: string, subject: string) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from private.submission_attempts where kind = $1 and subject = $2`,
      [kind, subject],
    )
  )[0]!.n;
const contact = (extra: Row = {}): Row => ({
  type: 'contact',
  name: `Visitor ${rand()}`,
  email: `l-${rand()}@example.com`,
  message: 'Hi',
  ...extra,
});

async function ask(c: SupabaseClient, number: string) {
  return c.rpc('is_known_student', { student_number: number });
}

describe('probing the students register', () => {
  it('a chosen id does not tell a registered number from an unknown one: no 409 to probe with', async () => {
    const c = anonFrom(freshLoopback());
    const event = await newEvent();
    const [known] = await newStudents(1);
    const x = randomUUID();
    // Step one of the old probe: a contact with id X. Refused now, so there is nothing to collide with.
    const first = await submit(c, contact({ id: x }));
    expect(first?.message).toBe('invalid_submission');
    // Step two, with a registered and an unknown number: the same answer, nothing saved.
    for (const number of [known!, `NOPE-${rand()}`]) {
      const name = `Probe ${rand()}`;
      const error = await submit(c, {
        id: x,
        type: 'event_registration',
        name,
        student_number: number,
        event_id: event,
      });
      expect(error?.message).toBe('invalid_submission');
      expect(await stored(name)).toBe(0);
    }
    const { data } = await svc.from('submissions').select('id').eq('id', x);
    expect(data).toEqual([]);
  });

  it('answers at most 30 times per 10 minutes per address, by any path, then rate_limited', async () => {
    const address = freshLoopback();
    const c = anonFrom(address);
    const upcoming = await newEvent();
    const past = await newEvent({ starts_at: futureIso(-2) });
    const book = await newBook();
    const [known] = await newStudents(1);
    const unknown = () => `NOPE-${rand()}`;
    const registration = (number: string) => ({
      type: 'event_registration',
      name: `Reg ${rand()}`,
      student_number: number,
      event_id: upcoming,
    });
    const evaluation = (number: string) => ({
      type: 'evaluation',
      name: `Eval ${rand()}`,
      student_number: number,
      event_id: past,
      rating: 4,
      message: 'ok',
    });
    const loan = (number: string) => ({
      type: 'book_loan',
      name: `Loan ${rand()}`,
      student_number: number,
      book_id: book,
      pickup_location: 'campus',
      loan_date: futureDate(2),
    });

    // 30 answers that come from the register, through every path.
    for (let i = 0; i < 10; i++) expect((await ask(c, i % 2 ? known! : unknown())).error).toBeNull();
    for (let i = 0; i < 8; i++) expect((await submit(c, registration(unknown())))?.message).toBe('student_not_found');
    for (let i = 0; i < 5; i++) expect((await submit(c, evaluation(unknown())))?.message).toBe('student_not_found');
    for (let i = 0; i < 5; i++) expect((await submit(c, loan(unknown())))?.message).toBe('student_not_found');
    expect(await submit(c, registration(known!))).toBeNull(); // accepted: a real registration, not a probe
    expect((await submit(c, registration(known!)))?.message).toBe('duplicate_registration'); // 29
    expect((await submit(c, registration(unknown())))?.message).toBe('student_not_found'); // 30
    expect(await attempts('register_probe', address)).toBe(30);

    // The 31st answer, by each path: refused, and nothing is learnt or saved.
    const asked = await ask(c, known!);
    expect(asked.data).toBeNull();
    expect(asked.error?.message).toBe('rate_limited');
    for (const row of [registration(unknown()), evaluation(unknown()), loan(unknown()), registration(known!)]) {
      expect((await submit(c, row))?.message, JSON.stringify(row)).toBe('rate_limited');
      expect(await stored(row.name)).toBe(0);
    }
    expect(await attempts('register_probe', address)).toBe(30);
    // Another address is not affected.
    expect((await ask(anonFrom(freshLoopback()), known!)).data).toBe(true);
  });

  it('still accepts real registrations once the answers are used up: a campus behind one address', async () => {
    const c = anonFrom(freshLoopback());
    const event = await newEvent();
    const students = await newStudents(60);
    // As the site does: a friendly check, then the submission. The check is refused after 30 (the
    // site then lets the submission decide); every registration is accepted.
    const checks: (boolean | null)[] = [];
    for (const number of students) {
      checks.push((await ask(c, number)).data as boolean | null);
      expect(
        await submit(c, {
          type: 'event_registration',
          name: `Campus ${number}`,
          student_number: number,
          event_id: event,
        }),
      ).toBeNull();
    }
    expect(checks.filter((v) => v === true)).toHaveLength(30);
    expect(checks.filter((v) => v === null)).toHaveLength(30);
    const { count } = await svc.from('submissions').select('id', { count: 'exact', head: true }).eq('event_id', event);
    expect(count).toBe(60);
  });

  it('counts its 30 answers apart from the submission limit, whatever X-Forwarded-For says', async () => {
    // Here every client shares the gateway's one address (127.0.0.1): a forged header must not
    // give a client a fresh count.
    const spoofed = () => anon({ 'x-forwarded-for': freshIp() });
    for (let i = 0; i < 10; i++) expect(await submit(anon(), contact({ message: `Before checks ${i}` }))).toBeNull();
    for (let i = 0; i < 30; i++) {
      const { data, error } = await spoofed().rpc('is_known_student', {
        student_number: i % 2 ? SEED.enabledStudent : `NOPE${i}`,
      });
      expect(error).toBeNull();
      expect(data).toBe(i % 2 === 1);
    }
    const { data, error } = await spoofed().rpc('is_known_student', { student_number: SEED.enabledStudent });
    expect(data).toBeNull();
    expect(error?.message).toBe('rate_limited');
    const kinds = await sql<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from private.submission_attempts where kind in ('register_probe', 'submission')
       group by kind order by kind`,
    );
    expect(kinds).toEqual([
      { kind: 'register_probe', n: 30 },
      { kind: 'submission', n: 10 },
    ]);
    // an accepted registration is a real one, not a probe: it still goes through
    const event = await newEvent({});
    expect(
      await submit(anon(), {
        type: 'event_registration',
        name: 'Reg',
        student_number: SEED.enabledStudent,
        event_id: event,
      }),
    ).toBeNull();
  });
});

describe('every refused attempt counts', () => {
  it('120 refused submissions from one address use up its ceiling; the next is rate_limited, nothing saved', async () => {
    const address = freshLoopback();
    const c = anonFrom(address);
    // Each with its own email: at most 5 per email would refuse the repeats on their own.
    const bad = (i: number): Row =>
      [
        { type: 'contact' },
        { type: 'nope', name: 'x' },
        contact({ email: `no-at-sign-${i}` }),
        contact({ honeypot: 'bot' }),
        contact({ status: 'approved' }),
      ][i % 5]!;
    for (let i = 0; i < 120; i++) {
      const error = await submit(c, bad(i));
      expect(['invalid_submission', 'spam_detected']).toContain(error?.message);
    }
    expect(await attempts('submission', address)).toBe(120);
    const good = contact();
    expect((await submit(c, good))?.message).toBe('rate_limited');
    expect(await stored(good.name as string)).toBe(0);
    // The refusal by the limit itself is not counted (it would push the wait further on).
    expect(await attempts('submission', address)).toBe(120);
  });

  it('concurrent duplicate registrations: one accepted, every other duplicate_registration (never a raw 23505)', async () => {
    const event = await newEvent();
    const [number] = await newStudents(1);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit(anonFrom(freshLoopback()), {
          type: 'event_registration',
          name: `Twin ${i}`,
          student_number: number,
          event_id: event,
        }),
      ),
    );
    expect(results.filter((e) => e === null)).toHaveLength(1);
    expect(results.filter((e) => e !== null).map((e) => e!.message)).toEqual(Array(7).fill('duplicate_registration'));
  });
});

describe('limits that fit a campus', () => {
  it('100 submissions from one address within minutes are accepted: a campus behind one address', async () => {
    const c = anonFrom(freshLoopback());
    for (let i = 0; i < 100; i++)
      expect(await submit(c, contact({ message: `Campus ${i}` })), `submission ${i}`).toBeNull();
  });

  it('at most 10 submissions per student number per 10 minutes, from any address', async () => {
    const number = `S${rand()}`;
    const row = () => ({ type: 'suggestion', name: `Idea ${rand()}`, student_number: number, message: 'An idea' });
    for (let i = 0; i < 10; i++) expect(await submit(anonFrom(freshLoopback()), row())).toBeNull();
    const last = row();
    expect((await submit(anonFrom(freshLoopback()), last))?.message).toBe('rate_limited');
    expect(await stored(last.name)).toBe(0);
    // the same number spelt with blanks around it is the same number
    expect(
      (await submit(anonFrom(freshLoopback()), { ...row(), student_number: `\u00a0${number}\u200b` }))?.message,
    ).toBe('rate_limited');
  });

  it('at most 5 submissions per email per 10 minutes, from any address, in any letter case', async () => {
    const email = `same-${rand()}@example.com`;
    for (let i = 0; i < 5; i++) expect(await submit(anonFrom(freshLoopback()), contact({ email }))).toBeNull();
    const last = contact({ email: email.toUpperCase() });
    expect((await submit(anonFrom(freshLoopback()), last))?.message).toBe('rate_limited');
    expect(await stored(last.name as string)).toBe(0);
  });

  it('each client address has its own ceiling (the gateway passes the real address)', async () => {
    const [a, b] = [freshLoopback(), freshLoopback()];
    await sql(
      `insert into private.submission_attempts (kind, subject) select 'submission', $1 from generate_series(1, 120)`,
      [a],
    );
    expect((await submit(anonFrom(a), contact()))?.message).toBe('rate_limited');
    expect(await submit(anonFrom(b), contact())).toBeNull();
  });
});

describe('refusals by a limit', () => {
  const headers = { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' };

  it('answer 429 with Retry-After and the rate_limited key (submit)', async () => {
    const address = freshLoopback();
    await sql(
      `insert into private.submission_attempts (kind, subject, at) select 'submission', $1, now() - interval '4 minutes'
               from generate_series(1, 120)`,
      [address],
    );
    const res = await fetchFrom(address)(`${env.url}/rest/v1/rpc/submit`, {
      method: 'POST',
      headers,
      body: JSON.stringify(contact()),
    });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    // the oldest of the 120 leaves the 10-minute window in 6 minutes
    expect(wait).toBeGreaterThan(5 * 60);
    expect(wait).toBeLessThanOrEqual(6 * 60);
    expect(await res.json()).toEqual({ code: 'P0001', message: 'rate_limited', details: null, hint: null });
    expect((res.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('retry-after');
  });

  it('answer 429 with Retry-After and the rate_limited key (is_known_student)', async () => {
    const address = freshLoopback();
    await sql(
      `insert into private.submission_attempts (kind, subject) select 'register_probe', $1 from generate_series(1, 30)`,
      [address],
    );
    const res = await fetchFrom(address)(`${env.url}/rest/v1/rpc/is_known_student`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ student_number: SEED.enabledStudent }),
    });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect(await res.json()).toEqual({ code: 'P0001', message: 'rate_limited', details: null, hint: null });
  });

  it('other refusals keep their keys and statuses (400 bad input, 409 state of the event or book)', async () => {
    const address = freshLoopback();
    const post = (body: unknown) =>
      fetchFrom(address)(`${env.url}/rest/v1/rpc/submit`, { method: 'POST', headers, body: JSON.stringify(body) });
    const bad = await post({ type: 'contact', name: 'x' });
    expect([bad.status, ((await bad.json()) as Row).message]).toEqual([400, 'invalid_submission']);
    const closed = await post({
      type: 'event_registration',
      name: 'x',
      student_number: SEED.enabledStudent,
      event_id: SEED.upcomingClosedEvent,
    });
    expect([closed.status, ((await closed.json()) as Row).message]).toEqual([409, 'registration_closed']);
    const ok = await post(contact());
    expect(ok.status).toBe(201);
    expect(await ok.json()).toBeNull();
  });
});
