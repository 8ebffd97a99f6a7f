// Mail about event registrations (docs/data-model.md "Mail", docs/mail.md): the queue
// (public.mail_outbox) that triggers fill, the stack's drain (Edge Function send-mail) that sends
// it to the mail catcher, cancel links (single use, only a hash stored) that free a seat for the
// first on the waitlist, and the reminder job that queues once per registrant.
import pg from 'pg';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  env,
  futureIso,
  newEvent,
  rand,
  resetRateLimits,
  service,
  sql,
  type TestUser,
  versionOf,
} from './helpers.ts';
import { ar as mailAr } from '@union/shared/i18n/mail/ar';
import { tr as mailTr } from '@union/shared/i18n/mail/tr';

const svc = service();
let editor: TestUser;

beforeAll(async () => {
  editor = await createUser('editor');
});
beforeEach(resetRateLimits);

async function newStudents(n: number): Promise<string[]> {
  const numbers = Array.from({ length: n }, () => `ML${rand()}`);
  const { error } = await svc
    .from('students')
    .insert(numbers.map((student_number) => ({ name: 'Mail Student', student_number })));
  if (error) throw new Error(error.message);
  return numbers;
}

/** A visitor's registration with an email, as the public site sends it. */
async function register(event: string, number: string, email: string | null, language = 'ar') {
  const { data, error } = await anon().rpc('submit', {
    type: 'event_registration',
    name: `Mail ${rand()}`,
    student_number: number,
    event_id: event,
    email,
    language,
  });
  if (error) throw new Error(`submit: ${error.message}`);
  const rows = await sql<{ id: string }>(
    `select id from public.submissions where event_id = $1 and student_number = $2 and type = 'event_registration'`,
    [event, number],
  );
  return { id: rows[0]!.id, waitlisted: (data as { waitlisted: boolean }).waitlisted };
}

const outbox = (submission: string) =>
  sql<{ kind: string; state: string; attempts: number }>(
    `select kind::text, state::text, attempts from public.mail_outbox where submission_id = $1 order by id`,
    [submission],
  );

interface InboxMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  Attachments: { FileName: string; ContentType: string; Size: number; PartID: string }[];
}

/** The messages the stack's mail catcher holds for an address (the drain sends within a second or two). */
async function inbox(address: string): Promise<InboxMessage[]> {
  const res = await fetch(`${env.mailUrl}/api/messages`);
  return ((await res.json()) as InboxMessage[]).filter((m) => m.to.includes(address));
}
async function waitForMail(address: string, count = 1): Promise<InboxMessage[]> {
  await expect.poll(async () => (await inbox(address)).length, { timeout: 20_000, interval: 250 }).toBe(count);
  return inbox(address);
}
const tokenOf = (m: InboxMessage) => /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1] ?? null;

const address = () => `mail-${rand()}@example.test`;

describe('registrations with an email', () => {
  it('stores the email and the language, and queues a confirmation that the drain sends', async () => {
    const event = await newEvent({ capacity: 5 });
    const [number] = await newStudents(1);
    const to = address();
    const reg = await register(event, number!, to, 'en');
    expect(reg.waitlisted).toBe(false);
    const [row] = await sql(`select email, language from public.submissions where id = $1`, [reg.id]);
    expect(row).toEqual({ email: to, language: 'en' });
    const [mail] = await waitForMail(to);
    expect(mail!.subject).toMatch(/^Registration received: /);
    expect(mail!.html).toContain('dir="ltr"');
    expect(mail!.Attachments.map((a) => a.ContentType)).toEqual([expect.stringContaining('text/calendar')]);
    expect(tokenOf(mail!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => outbox(reg.id)).toEqual([{ kind: 'registration_confirmed', state: 'sent', attempts: 1 }]);
    // Only the hash of a token is kept.
    const tokens = await sql<{ hex: string }>(
      `select encode(token_hash, 'hex') as hex from private.cancel_tokens where submission_id = $1`,
      [reg.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.hex).not.toContain(tokenOf(mail!));
    // A privacy request finds the mail; an erasure takes it and the link with the form.
    const superadmin = await createUser('superadmin');
    const found = await superadmin.client.rpc('person_data', { email: to });
    expect((found.data as { mails: { kind: string }[] }).mails.map((m) => m.kind)).toEqual(['registration_confirmed']);
    expect((await superadmin.client.rpc('erase_person', { email: to })).error).toBeNull();
    expect(await outbox(reg.id)).toEqual([]);
    expect(await sql(`select 1 from private.cancel_tokens where submission_id = $1`, [reg.id])).toEqual([]);
  });

  it('refuses a language it does not know, and queues nothing without an email', async () => {
    const event = await newEvent();
    const [a, b] = await newStudents(2);
    const { error } = await anon().rpc('submit', {
      type: 'event_registration',
      name: 'Bad language',
      student_number: a,
      event_id: event,
      language: 'fr',
    });
    expect(error?.message).toBe('invalid_submission');
    expect(await sql(`select 1 from public.submissions where student_number = $1`, [a])).toHaveLength(0);
    const reg = await register(event, b!, null);
    expect(await outbox(reg.id)).toEqual([]);
  });

  it('cancel promotes exactly one waitlisted registration, which is mailed; the link then is used', async () => {
    const event = await newEvent({ capacity: 1 });
    const [n1, n2, n3] = await newStudents(3);
    const [a1, a2, a3] = [address(), address(), address()];
    const seated = await register(event, n1!, a1);
    const first = await register(event, n2!, a2);
    const second = await register(event, n3!, a3);
    expect([seated.waitlisted, first.waitlisted, second.waitlisted]).toEqual([false, true, true]);
    const [confirmation] = await waitForMail(a1);
    const [waitlistMail] = await waitForMail(a2);
    expect(waitlistMail!.subject).toContain('قائمة الانتظار');
    expect(waitlistMail!.html).toContain('dir="rtl"');
    const token = tokenOf(confirmation!)!;

    const lookup = await anon().rpc('cancel_lookup', { token });
    expect(lookup.error).toBeNull();
    expect(lookup.data).toMatchObject({ event_id: event, status: 'pending', waitlisted: false, limited: true });
    // The waitlisted reader's page knows they hold no seat.
    const waitToken = tokenOf(waitlistMail!)!;
    expect((await anon().rpc('cancel_lookup', { token: waitToken })).data).toMatchObject({ waitlisted: true });
    // Their mail's cancel line speaks of leaving the waitlist, not of a seat they do not hold.
    expect(waitlistMail!.text).toContain(mailAr.cancelIntro.waitlist);
    expect(confirmation!.text).toContain(mailAr.cancelIntro.seat);

    const cancelled = await anon().rpc('cancel_registration', { token });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toBe(event);
    const rows = await sql<{ id: string; status: string; waitlist_position: number | null }>(
      `select id, status::text, waitlist_position from public.submissions where event_id = $1 order by created_at`,
      [event],
    );
    expect(rows.map((r) => [r.status, r.waitlist_position === null])).toEqual([
      ['cancelled', true],
      ['pending', true],
      ['pending', false],
    ]);
    const promotedMails = await waitForMail(a2, 2);
    expect(promotedMails.map((m) => m.subject).join(' ')).toContain('أصبح لك مقعد');
    expect((await outbox(second.id)).map((m) => m.kind)).toEqual(['registration_waitlisted']);

    // Used: refused, and nothing changes.
    for (const rpc of ['cancel_registration', 'cancel_lookup']) {
      const again = await anon().rpc(rpc, { token });
      expect(again.error?.message).toBe('cancel_token_used');
    }
    const invalid = await anon().rpc('cancel_registration', { token: `${token.slice(0, -2)}xx` });
    expect(invalid.error?.message).toBe('cancel_token_invalid');
    expect((await anon().rpc('cancel_lookup', { token: '' })).error?.message).toBe('cancel_token_invalid');
  });

  it('mails an approval, in the language registered in, with the calendar file and the cancel link', async () => {
    const event = await newEvent();
    const [n, m] = await newStudents(2);
    const to = address();
    const reg = await register(event, n!, to, 'tr');
    const [received] = await waitForMail(to);
    // An event without a limit: the cancel line promises nobody a freed seat.
    expect(received!.text).toContain(mailTr.cancelIntro.open);
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'approved', version: await versionOf('submissions', { id: reg.id }) })
      .eq('id', reg.id);
    expect(error).toBeNull();
    const mails = await waitForMail(to, 2);
    const approval = mails.find((x) => x.subject.startsWith('Kaydınız onaylandı'))!;
    expect(approval.html).toContain('dir="ltr"');
    expect(approval.Attachments.map((a) => a.ContentType)).toEqual([expect.stringContaining('text/calendar')]);
    expect(tokenOf(approval)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(async () => (await outbox(reg.id)).map((o) => [o.kind, o.state]))
      .toEqual([
        ['registration_confirmed', 'sent'],
        ['registration_approved', 'sent'],
      ]);
    // Without an email, approving queues nothing.
    const silent = await register(event, m!, null);
    expect(
      (
        await editor.client
          .from('submissions')
          .update({ status: 'approved', version: await versionOf('submissions', { id: silent.id }) })
          .eq('id', silent.id)
      ).error,
    ).toBeNull();
    expect(await outbox(silent.id)).toEqual([]);
  });

  it('answers the drain without the visitor’s name: no mail carries text a visitor typed', async () => {
    const event = await newEvent({ capacity: 3 });
    const [n] = await newStudents(1);
    const to = address();
    const reg = await register(event, n!, to);
    // Queued and claimed in one transaction that is rolled back: the stack's drain never sees it.
    const c = new pg.Client({ connectionString: env.dbUrl });
    await c.connect();
    try {
      await c.query('begin');
      const { rows } = await c.query<{ id: string }>(
        `insert into public.mail_outbox (submission_id, kind) values ($1, 'registration_confirmed') returning id`,
        [reg.id],
      );
      // Rows of the composite type public.claimed_mail (ids of type bigint come back as text).
      const claimed = (await c.query<Record<string, unknown>>(`select * from public.claim_mails(100)`)).rows;
      const mail = claimed.find((x) => x.id === rows[0]!.id)!;
      expect(mail).toMatchObject({ email: to, kind: 'registration_confirmed', event_limited: true });
      expect(Object.keys(mail)).not.toContain('name');
    } finally {
      await c.query('rollback');
      await c.end();
    }
  });

  it('mails a short note when staff reject a registration with an email', async () => {
    const event = await newEvent();
    const [n] = await newStudents(1);
    const to = address();
    const reg = await register(event, n!, to, 'tr');
    await waitForMail(to);
    const { error } = await editor.client
      .from('submissions')
      .update({ status: 'rejected', version: await versionOf('submissions', { id: reg.id }) })
      .eq('id', reg.id);
    expect(error).toBeNull();
    const mails = await waitForMail(to, 2);
    const rejection = mails.find((m) => m.subject.startsWith('Kaydınız kabul edilmedi'))!;
    expect(rejection.Attachments).toEqual([]);
    expect(tokenOf(rejection)).toBeNull();
    // Staff cannot set the status a visitor's cancel link sets.
    const [other] = await newStudents(1);
    const pending = await register(event, other!, null);
    const cancel = await editor.client
      .from('submissions')
      .update({ status: 'cancelled', version: await versionOf('submissions', { id: pending.id }) })
      .eq('id', pending.id);
    expect(cancel.error?.message).toBe('invalid_submission');
  });
});

describe('reminders (private.queue_reminders)', () => {
  it('queues one reminder per seated registrant with an email, however often it runs', async () => {
    const startsAt = futureIso(1.25); // 30 hours from now
    const event = await newEvent({ capacity: 2, starts_at: startsAt });
    const [n1, n2, n3] = await newStudents(3);
    const seatedA = await register(event, n1!, address());
    await register(event, n2!, null); // seated, no email: no reminder
    const waitlisted = await register(event, n3!, address());
    expect(waitlisted.waitlisted).toBe(true);
    const reminders = async () =>
      sql<{ submission_id: string }>(
        `select submission_id from public.mail_outbox o join public.submissions s on s.id = o.submission_id
          where s.event_id = $1 and o.kind = 'event_reminder'`,
        [event],
      );
    // Eight hours later the event starts within a day: reminded.
    const asOf = new Date(Date.now() + 8 * 3_600_000).toISOString();
    const run = async () =>
      (await sql<{ queued: number }>(`select private.queue_reminders($1) as queued`, [asOf]))[0]!.queued;
    const first = await run();
    const second = await run();
    expect(first).toBeGreaterThanOrEqual(1); // other tests' events may be due at that hour too
    expect(second).toBe(0);
    expect((await reminders()).map((r) => r.submission_id)).toEqual([seatedA.id]);
    // A day and a quarter before: too early, nothing more.
    await sql(`select private.queue_reminders(now())`);
    expect(await reminders()).toHaveLength(1);
  });
});

describe('the drain (Edge Function send-mail)', () => {
  it('answers only the service role: 403 to a visitor, an editor and a superadmin', async () => {
    const drain = (bearer: string) =>
      fetch(`${env.url}/functions/v1/send-mail`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, apikey: env.anonKey },
      });
    const superadmin = await createUser('superadmin');
    expect((await drain(env.anonKey)).status).toBe(403);
    expect((await drain(editor.token)).status).toBe(403);
    const refused = await drain(superadmin.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'not_allowed' });
  });
});
