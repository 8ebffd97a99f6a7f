// Bad input on every path a visitor or a staff member can reach (REST, RPC, auth, storage,
// functions): each case asserts the HTTP status, the stable error key and that nothing was saved
// anywhere (no submission, no audited write, no user, session, object or staff row).
// Keys: a database refusal's message (P0001) or SQLSTATE (PostgreSQL and PostgREST codes), the auth
// server's error_code, Storage's code, the admin-users function's error, the gateway's message.
import http from 'node:http';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SEED,
  createUser,
  env,
  freeTranslationKey,
  futureDate,
  futureIso,
  pngBytes,
  rand,
  randomUUID,
  resetRateLimits,
  service,
  sql,
  versionOf,
  type TestUser,
} from './helpers.ts';

let editor: TestUser;
let superadmin: TestUser;
let member: TestUser;
beforeAll(async () => {
  [editor, superadmin, member] = await Promise.all([createUser('editor'), createUser('superadmin'), createUser(null)]);
});
beforeEach(resetRateLimits);

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
}
interface Case {
  name: string;
  send(): Promise<Answer>;
  status: number;
  key: string;
  /** Where a code covers several rules: the rule's name the answer must carry (a constraint's, Storage's message). */
  rule?: string;
}

async function call(
  method: string,
  path: string,
  opts: {
    token?: string;
    apikey?: string | null;
    body?: unknown;
    raw?: string | Uint8Array;
    type?: string;
    headers?: Json;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.apikey !== null) headers.apikey = opts.apikey ?? env.anonKey;
  headers.authorization = `Bearer ${opts.token ?? env.anonKey}`;
  if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  Object.assign(headers, opts.headers ?? {});
  const res = await fetch(env.url + path, {
    method,
    headers,
    body:
      typeof opts.raw === 'string'
        ? opts.raw
        : opts.raw
          ? new Blob([new Uint8Array(opts.raw)])
          : opts.body !== undefined
            ? JSON.stringify(opts.body)
            : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body };
}

/** A request with its path exactly as written (fetch would resolve `..` away), as a hand-made client sends it. */
function exactPath(method: string, path: string, token: string, body: Uint8Array, type: string): Promise<Answer> {
  const u = new URL(env.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        headers: {
          apikey: env.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': type,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The stable key of an answer, whichever service gave it. */
function keyOf(a: Answer): string {
  const b = (a.body ?? {}) as Json;
  if (typeof b !== 'object') return String(b);
  if (b.code === 'P0001') return String(b.message);
  if (typeof b.error_code === 'string') return b.error_code; // auth
  if (typeof b.statusCode === 'string') return String(b.code); // storage
  if (typeof b.error === 'string' && !('statusCode' in b)) return b.error; // admin-users
  if (typeof b.code === 'string') return b.code; // PostgREST / PostgreSQL
  return String(b.message);
}

/** Everything a refused request could have left behind. */
async function snapshot() {
  const [row] = await sql(`select
    (select count(*) from public.submissions)::int as submissions,
    (select coalesce(max(id), 0) from public.audit_log)::text as audit,
    (select count(*) from auth.users)::int as users,
    (select count(*) from auth.sessions)::int as sessions,
    (select max(updated_at) from auth.users)::text as users_changed,
    (select count(*) from storage.objects)::int as objects,
    (select count(*) from public.staff)::int as staff`);
  return row;
}

function run(cases: Case[]) {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await snapshot();
    const answer = await c.send();
    expect({ status: answer.status, key: keyOf(answer) }, JSON.stringify(answer.body).slice(0, 300)).toEqual({
      status: c.status,
      key: c.key,
    });
    if (c.rule) expect(String((answer.body as Json).message)).toContain(c.rule);
    expect(await snapshot()).toEqual(before);
  });
}

// ---------------------------------------------------------------------------------------------
// Visitors: submissions (rpc submit), as any client could send them.

let n = 0;
const uniq = () => `${rand()}${++n}`;
const contact = (extra: Json = {}): Json => ({
  type: 'contact',
  name: 'Bad input',
  email: `bad-${uniq()}@example.com`,
  message: 'Hello',
  ...extra,
});
const registration = (extra: Json = {}): Json => ({
  type: 'event_registration',
  name: 'Bad input',
  student_number: SEED.enabledStudent,
  event_id: SEED.upcomingOpenEvent,
  ...extra,
});
const evaluation = (extra: Json = {}): Json => ({
  type: 'evaluation',
  name: 'Bad input',
  student_number: SEED.enabledStudent,
  event_id: SEED.pastEvent,
  rating: 4,
  message: 'ok',
  ...extra,
});
const loan = (extra: Json = {}): Json => ({
  type: 'book_loan',
  name: 'Bad input',
  student_number: SEED.enabledStudent,
  book_id: SEED.availableBook,
  pickup_location: 'campus',
  loan_date: futureDate(3),
  ...extra,
});
const suggestion = (extra: Json = {}): Json => ({
  type: 'suggestion',
  name: 'Bad input',
  student_number: `B${uniq()}`,
  message: 'An idea',
  ...extra,
});

const submitCase = (name: string, body: unknown, key = 'invalid_submission', status = 400): Case => ({
  name: `submit: ${name}`,
  send: () => call('POST', '/rest/v1/rpc/submit', { body }),
  status,
  key,
});
const rawSubmit = (name: string, raw: string, key: string, status = 400): Case => ({
  name: `submit: ${name}`,
  send: () => call('POST', '/rest/v1/rpc/submit', { raw }),
  status,
  key,
});

const BLANKS: [string, string][] = [
  ['empty', ''],
  ['a space', ' '],
  ['a tab', '\t'],
  ['a newline', '\n'],
  ['a no-break space', '\u00a0'],
  ['two no-break spaces', '\u00a0\u00a0'],
  ['a zero-width space', '\u200b'],
  ['zero-width joiners', '\u200b\u200c\u200d'],
  ['an em space', '\u2003'],
  ['an ideographic space', '\u3000'],
  ['a byte order mark', '\ufeff'],
  ['an Arabic letter mark', '\u061c'],
  ['direction marks', '\u200e\u200f'],
  ['mixed blanks', ' \t\u00a0\u200b '],
  ['a word joiner', '\u2060'],
  ['a Mongolian vowel separator', '\u180e'],
];

describe('visitors: submissions', () => {
  run([
    // Not one JSON object
    submitCase('body null', null),
    submitCase('body a string', 'string'),
    submitCase('body a number', 42),
    submitCase('body true', true),
    submitCase('body an empty array', []),
    submitCase('body an array of one submission', [contact()]),
    submitCase('body an empty object', {}),
    rawSubmit('an empty body', '', '22P02'),
    rawSubmit('a body that is not JSON', '{"type":', 'PGRST102'),
    rawSubmit(
      'a NUL character in a string',
      `{"type":"contact","name":"A\\u0000B","email":"n@example.com","message":"m"}`,
      '22P05',
    ),
    // Server-owned columns
    submitCase('its own id', contact({ id: randomUUID() })),
    submitCase('status approved', contact({ status: 'approved' })),
    submitCase('status pending', contact({ status: 'pending' })),
    submitCase('created_at', contact({ created_at: '2001-01-01T00:00:00Z' })),
    submitCase('reviewed_at', contact({ reviewed_at: futureIso(0) })),
    submitCase('reviewed_by', contact({ reviewed_by: SEED.superadminId })),
    submitCase('returned_at', loan({ returned_at: futureIso(0) })),
    submitCase('updated_at (no such column)', contact({ updated_at: futureIso(0) })),
    // Unknown fields
    submitCase('an unknown field', contact({ website: 'x' })),
    submitCase('a field in the wrong case', { ...contact(), Name: 'x' }),
    submitCase('a nested object field', contact({ extra: { a: 1 } })),
    // Wrong JSON types
    submitCase('name a number', contact({ name: 42 })),
    submitCase('name true', contact({ name: true })),
    submitCase('name an object', contact({ name: { en: 'x' } })),
    submitCase('name an array', contact({ name: ['x'] })),
    submitCase('email a number', contact({ email: 1 })),
    submitCase('message an object', contact({ message: { text: 'x' } })),
    submitCase('rating a string', evaluation({ rating: '5' })),
    submitCase('rating true', evaluation({ rating: true })),
    submitCase('student number a number', registration({ student_number: 2021010001 })),
    submitCase('event id a number', registration({ event_id: 1 })),
    // The type
    submitCase('no type', { name: 'x', email: `t-${uniq()}@example.com`, message: 'm' }),
    submitCase('type null', contact({ type: null })),
    submitCase('an unknown type', contact({ type: 'nope' })),
    submitCase('type in capitals', contact({ type: 'CONTACT' })),
    submitCase('type a number', contact({ type: 42 })),
    // Blank in Unicode
    ...BLANKS.map(([what, v]) => submitCase(`a name of ${what}`, contact({ name: v }))),
    submitCase('a message of a tab', contact({ message: '\t' })),
    submitCase('a message of no-break spaces', contact({ message: '\u00a0\u00a0' })),
    submitCase('a message of a zero-width space', contact({ message: '\u200b' })),
    submitCase('a message of an ideographic space and a space', contact({ message: '\u3000 ' })),
    submitCase('a student number of a no-break space', suggestion({ student_number: '\u00a0' })),
    submitCase('a student number of a zero-width space', suggestion({ student_number: '\u200b' })),
    submitCase('an email of a zero-width space', contact({ email: '\u200b' })),
    // Control characters
    submitCase('a bell in the name', contact({ name: 'A\u0007B' })),
    submitCase('a line break in the name', contact({ name: 'Ali\nVeli' })),
    submitCase('a control character in the message', contact({ message: 'x\u0001y' })),
    submitCase('a backspace in the student number', suggestion({ student_number: '20\u0008' })),
    // Too long
    submitCase('a name of 201 characters', contact({ name: 'n'.repeat(201) })),
    submitCase('a message of 5001 characters', contact({ message: 'm'.repeat(5001) })),
    submitCase('a student number of 51 characters', suggestion({ student_number: '1'.repeat(51) })),
    submitCase('an email of 255 characters', contact({ email: `${'e'.repeat(243)}@example.com` })),
    // Email shape
    ...[
      'no-at-sign',
      'a@b',
      'a b@example.com',
      'a@exa mple.com',
      'a\u00a0b@example.com',
      'ä@example.com',
      '<a@example.com>',
      'a@example.com, c@example.com',
      'a@-example.com',
    ].map((email) => submitCase(`email ${JSON.stringify(email)}`, contact({ email }))),
    // Fields the type does not have, or lacks
    submitCase('a contact with a student number', contact({ student_number: SEED.enabledStudent })),
    submitCase('a contact with a rating', contact({ rating: 3 })),
    submitCase('a registration with a language it does not know', registration({ language: 'fr' })),
    submitCase('a registration with a language that is not a string', registration({ language: 1 })),
    submitCase('a registration with a message', registration({ message: 'hi' })),
    submitCase('a loan with a message', loan({ message: 'please' })),
    submitCase('an evaluation without a rating', evaluation({ rating: null })),
    submitCase('an evaluation without a message', evaluation({ message: null })),
    submitCase('a loan without a date', loan({ loan_date: null })),
    submitCase('a loan without a pickup place', loan({ pickup_location: null })),
    submitCase('a suggestion without a student number', suggestion({ student_number: null })),
    // Ratings
    ...[0, 6, -1, 3.5, 1e9, 70000].map((rating) => submitCase(`rating ${rating}`, evaluation({ rating }))),
    // Loan dates: today (anywhere on Earth) up to 60 days ahead
    ...[
      'infinity',
      '-infinity',
      '99999-01-01',
      '1900-01-01',
      '2020-01-01',
      futureDate(-2),
      futureDate(62),
      futureDate(400),
      'garbage',
      '2026-02-30',
      '',
    ].map((loan_date) => submitCase(`loan date ${JSON.stringify(loan_date)}`, loan({ loan_date }))),
    // References
    submitCase('an event id that is not a uuid', registration({ event_id: 'x' })),
    submitCase('an unknown event', registration({ event_id: randomUUID() })),
    submitCase('a book id that is not a uuid', loan({ book_id: 'x' })),
    submitCase('an unknown book', loan({ book_id: randomUUID() })),
    submitCase('an event id in place of a book id', loan({ book_id: SEED.upcomingOpenEvent })),
    submitCase('an unknown pickup place', loan({ pickup_location: 'home' })),
    submitCase('an empty pickup place', loan({ pickup_location: '' })),
    // Honeypot
    submitCase('a filled honeypot', contact({ honeypot: 'http://spam.example' }), 'spam_detected'),
    submitCase('a honeypot of a letter among spaces', contact({ honeypot: ' x ' }), 'spam_detected'),
    // The state of the event or book, the register
    submitCase('registration for a past event', registration({ event_id: SEED.pastEvent }), 'event_not_upcoming', 409),
    submitCase(
      'registration when registration is closed',
      registration({ event_id: SEED.upcomingClosedEvent }),
      'registration_closed',
      409,
    ),
    submitCase(
      'evaluation of an upcoming event',
      evaluation({ event_id: SEED.upcomingOpenEvent }),
      'event_not_past',
      409,
    ),
    submitCase('loan of an unavailable book', loan({ book_id: SEED.unavailableBook }), 'book_unavailable', 409),
    submitCase(
      'registration with an unknown student number',
      registration({ student_number: `NOPE-${uniq()}` }),
      'student_not_found',
    ),
    submitCase(
      'registration with a disabled student number',
      registration({ student_number: SEED.disabledStudent }),
      'student_not_found',
    ),
    // The table itself
    {
      name: 'insert into the table by a visitor',
      send: () => call('POST', '/rest/v1/submissions', { body: contact() }),
      status: 401,
      key: '42501',
    },
    {
      name: 'insert into the table by a plain HTML form (no API key)',
      send: () =>
        call('POST', '/rest/v1/submissions', {
          apikey: null,
          raw: 'type=contact&name=x&email=x%40example.com&message=m',
          type: 'application/x-www-form-urlencoded',
        }),
      status: 401,
      key: 'No API key found in request',
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Other functions

describe('RPC', () => {
  run([
    {
      name: 'is_known_student without its argument',
      send: () => call('POST', '/rest/v1/rpc/is_known_student', { body: {} }),
      status: 404,
      key: 'PGRST202',
    },
    {
      name: 'is_known_student with an unknown argument',
      send: () => call('POST', '/rest/v1/rpc/is_known_student', { body: { student_number: 'x', admin: true } }),
      status: 404,
      key: 'PGRST202',
    },
    {
      name: 'is_known_student with a body that is not JSON',
      send: () => call('POST', '/rest/v1/rpc/is_known_student', { raw: '{"student_number":' }),
      status: 400,
      key: 'PGRST102',
    },
    {
      name: 'submit through GET (read-only)',
      send: () => call('GET', '/rest/v1/rpc/submit'),
      status: 404,
      key: 'PGRST202',
    },
    {
      name: 'mark_loan_returned by a visitor',
      send: () => call('POST', '/rest/v1/rpc/mark_loan_returned', { body: { submission_id: randomUUID() } }),
      status: 401,
      key: '42501',
    },
    {
      name: 'mark_loan_returned with an id that is not a uuid',
      send: () =>
        call('POST', '/rest/v1/rpc/mark_loan_returned', { token: editor.token, body: { submission_id: 'x' } }),
      status: 400,
      key: '22P02',
    },
    {
      name: 'mark_loan_returned of an unknown submission',
      send: () =>
        call('POST', '/rest/v1/rpc/mark_loan_returned', { token: editor.token, body: { submission_id: randomUUID() } }),
      status: 400,
      key: 'invalid_submission',
    },
    {
      name: 'mark_loan_returned by a signed-in non-staff user',
      send: () =>
        call('POST', '/rest/v1/rpc/mark_loan_returned', { token: member.token, body: { submission_id: randomUUID() } }),
      status: 400,
      key: 'not_allowed',
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Staff: content, settings, students, staff, submissions (REST)

const L3 = (en: string, ar = 'عربي', tr = 'Türkçe') => ({ en, ar, tr });
const event = (extra: Json = {}) => ({
  title: L3('Event'),
  description: L3('About'),
  location: L3('Hall'),
  starts_at: futureIso(5),
  photo_path: 'events/bad.png',
  ...extra,
});
const insert =
  (table: string, row: Json, who: () => TestUser | undefined = () => editor) =>
  () =>
    call('POST', `/rest/v1/${table}`, { token: who()?.token, body: row });
// Every table staff edit carries a row version (docs/data-model.md "Row versions"): an update
// names the current one, as the console does, so the refusal tested is the bad value itself.
const update =
  (table: string, filter: string, patch: Json, who: () => TestUser = () => editor) =>
  async () => {
    const [column, value] = filter.split('=eq.') as [string, string];
    const version = await versionOf(table, { [column]: value });
    return call('PATCH', `/rest/v1/${table}?${filter}`, { token: who().token, body: { ...patch, version } });
  };

let pendingId = '';
describe('staff: tables', () => {
  beforeAll(async () => {
    const [row] = await sql<{ id: string }>(`insert into public.submissions (type, name, email, message)
      values ('contact', 'Pending for bad input', 'p@example.com', 'hi') returning id`);
    pendingId = row!.id;
  });
  run([
    { name: 'events by a visitor', send: insert('events', event(), () => undefined), status: 401, key: '42501' },
    {
      name: 'an event title of a no-break space',
      send: insert('events', event({ title: L3('\u00a0') })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event title of a zero-width space (ar)',
      send: insert('events', event({ title: L3('Event', '\u200b') })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event location of a tab (tr)',
      send: insert('events', event({ location: L3('Hall', 'قاعة', '\t') })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event starting at infinity',
      send: insert('events', event({ starts_at: 'infinity' })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event photo outside its folder',
      send: insert('events', event({ photo_path: 'books/x.png' })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event title without Turkish',
      send: insert('events', event({ title: { en: 'a', ar: 'b' } })),
      status: 400,
      key: '23514',
    },
    {
      name: 'an event title that is a string',
      send: insert('events', event({ title: 'Event' })),
      status: 400,
      key: '23514',
    },
    {
      name: 'a book author of an ideographic space',
      send: insert('books', { title: L3('B'), author: L3('\u3000'), description: L3('D') }),
      status: 400,
      key: '23514',
    },
    {
      name: 'a board member link over http',
      send: insert('board_members', {
        name: L3('N'),
        title: L3('T'),
        bio: L3('B'),
        role: 'media_head',
        gender: 'male',
        linkedin_url: 'http://linkedin.com/in/x',
      }),
      status: 400,
      key: '23514',
    },
    {
      name: 'a board member with a negative order',
      send: insert('board_members', {
        name: L3('N'),
        title: L3('T'),
        bio: L3('B'),
        role: 'media_head',
        gender: 'male',
        sort_order: -1,
      }),
      status: 400,
      key: '23514',
    },
    {
      name: 'a board member with an unknown role',
      send: insert('board_members', { name: L3('N'), title: L3('T'), bio: L3('B'), role: 'king', gender: 'male' }),
      status: 400,
      key: '22P02',
    },
    {
      name: 'a statistic value that is text',
      send: insert('statistics', { title: L3('S'), value: 'many' }),
      status: 400,
      key: '22P02',
    },
    {
      name: 'a negative statistic',
      send: insert('statistics', { title: L3('S'), value: -5 }),
      status: 400,
      key: '23514',
    },
    {
      name: 'an unknown statistic icon',
      send: insert('statistics', { title: L3('S'), value: 1, icon: 'chart' }),
      status: 400,
      key: '22P02',
    },
    {
      name: 'an achievement dated infinity',
      send: insert('achievements', {
        title: L3('A'),
        description: L3('D'),
        achieved_on: 'infinity',
        photo_path: 'achievements/x.png',
      }),
      status: 400,
      key: '23514',
    },
    // Dates from 2000-01-01 to 2100-12-31 only (docs/data-model.md "Refused inputs").
    {
      name: 'a news item dated in the year 99999',
      send: insert('news', { title: { en: 'Far' }, status: 'draft', publish_at: '99999-01-01T09:00:00Z' }),
      status: 400,
      key: '23514',
      rule: 'news_publish_at_in_range',
    },
    {
      name: 'an event moved to the year 2101',
      send: () => update('events', `id=eq.${SEED.upcomingOpenEvent}`, { starts_at: '2101-01-01T00:00:00Z' })(),
      status: 400,
      key: '23514',
      rule: 'events_starts_at_in_range',
    },
    {
      name: 'an event whose registration closes in 1999',
      send: insert('events', event({ registration_deadline: '1999-12-31T23:59:59Z' })),
      status: 400,
      key: '23514',
      rule: 'events_registration_deadline_in_range',
    },
    {
      name: 'an achievement of 1999',
      send: insert('achievements', {
        title: L3('A'),
        description: L3('D'),
        achieved_on: '1999-12-31',
        photo_path: 'achievements/x.png',
      }),
      status: 400,
      key: '23514',
      rule: 'achievements_achieved_on_in_range',
    },
    {
      name: 'a translation of a no-break space',
      send: async () => insert('translations', { key: await freeTranslationKey(), en: '\u00a0' })(),
      status: 400,
      key: '23514',
      rule: 'translations_not_blank',
    },
    {
      name: 'a translation of a zero-width space',
      send: async () => insert('translations', { key: await freeTranslationKey(), en: 'Hi', tr: '\u200b' })(),
      status: 400,
      key: '23514',
      rule: 'translations_not_blank',
    },
    // Only the keys the public site has (docs/data-model.md "Refused inputs").
    ...['home.heroTitleTypo', 'bad.key', 'meta.titles', 'Meta.siteName'].map((key) => ({
      name: `an override of the unknown key ${key}`,
      send: insert('translations', { key, en: 'Hello' }),
      status: 409,
      key: '23503',
      rule: 'translations_key_fkey',
    })),
    {
      name: 'a map location out of range',
      send: update('settings', 'key=eq.mapLocation', { value: '91, 0' }),
      status: 400,
      key: '23514',
    },
    {
      name: 'a social link to javascript:',
      send: update('settings', 'key=eq.footerFacebook', { value: 'javascript:alert(1)' }),
      status: 400,
      key: '23514',
    },
    {
      name: 'an unknown setting',
      send: insert('settings', { key: 'footerFax', value: 'x' }),
      status: 400,
      key: '23514',
    },
    {
      name: 'a student named with a zero-width space',
      send: insert('students', { name: '\u200b', student_number: `Z${rand()}` }, () => superadmin),
      status: 400,
      key: '23514',
    },
    {
      name: 'a student number of a tab',
      send: insert('students', { name: 'Student', student_number: '\t' }, () => superadmin),
      status: 400,
      key: '23514',
    },
    {
      name: 'a staff role that does not exist',
      send: update('staff', `user_id=eq.${SEED.editorId}`, { role: 'owner' }, () => superadmin),
      status: 400,
      key: '22P02',
    },
    {
      name: 'a submission message edited by staff',
      send: () => update('submissions', `id=eq.${pendingId}`, { message: 'edited' })(),
      status: 400,
      key: 'not_allowed',
    },
    {
      name: 'a submission set back to pending',
      send: () => update('submissions', `id=eq.${pendingId}`, { status: 'pending' })(),
      status: 400,
      key: 'invalid_submission',
    },
    {
      name: 'a submission status that does not exist',
      send: () => update('submissions', `id=eq.${pendingId}`, { status: 'maybe' })(),
      status: 400,
      key: '22P02',
    },
  ]);
});

describe('staff: the date range', () => {
  it('is 2000-01-01 to 2100-12-31, UTC for a time', async () => {
    const [r] = await sql(`select
      private.date_in_range(timestamptz '2000-01-01 00:00:00+00') as first_moment,
      private.date_in_range(timestamptz '1999-12-31 23:59:59.999+00') as before,
      private.date_in_range(timestamptz '2100-12-31 23:59:59.999+00') as last_moment,
      private.date_in_range(timestamptz '2101-01-01 00:00:00+00') as after,
      private.date_in_range(date '2000-01-01') as first_day,
      private.date_in_range(date '2100-12-31') as last_day,
      private.date_in_range(date '2101-01-01') as day_after,
      private.date_in_range('infinity'::timestamptz) as infinite`);
    expect(r).toEqual({
      first_moment: true,
      before: false,
      last_moment: true,
      after: false,
      first_day: true,
      last_day: true,
      day_after: false,
      infinite: false,
    });
  });

  it('holds every date and time of the content tables and the submissions', async () => {
    // Content: the tables whose history staff read (private.history_tables); and the submissions.
    const columns = await sql<{ table_name: string; column_name: string; checked: boolean }>(
      `select c.relname as table_name, a.attname as column_name,
              exists (select 1 from pg_constraint k
                       where k.conrelid = c.oid and k.contype = 'c'
                         and k.conname = c.relname || '_' || a.attname || '_in_range'
                         and pg_get_constraintdef(k.oid) like '%private.date_in_range(' || a.attname || ')%') as checked
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where a.atttypid in ('date'::regtype, 'timestamptz'::regtype)
          and (c.relname in (select table_name from private.history_tables where readers = 'staff')
               or c.relname = 'submissions')
        order by 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(20);
    expect(columns.filter((c) => !c.checked).map((c) => `${c.table_name}.${c.column_name}`)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Auth (GoTrue stand-in, through the gateway)

const signIn = (body: unknown, raw?: string) => () =>
  call('POST', '/auth/v1/token?grant_type=password', raw !== undefined ? { raw } : { body });

describe('auth', () => {
  run([
    {
      name: 'sign-in with a NUL in the email',
      send: signIn({ email: 'a\u0000b@union.test', password: 'x' }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'sign-in with a line break in the email',
      send: signIn({ email: 'editor@union.test\n', password: 'x' }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'sign-in with an email of 300 characters',
      send: signIn({ email: `${'e'.repeat(288)}@union.test`, password: 'x' }),
      status: 400,
      key: 'validation_failed',
    },
    { name: 'sign-in with a body that is an array', send: signIn(undefined, '[]'), status: 400, key: 'bad_json' },
    { name: 'sign-in with a body that is not JSON', send: signIn(undefined, 'email=x'), status: 400, key: 'bad_json' },
    {
      name: 'sign-in with an email that is a number',
      send: signIn({ email: 42, password: 'x' }),
      status: 400,
      key: 'bad_json',
    },
    { name: 'sign-in without an email', send: signIn({ password: 'x' }), status: 400, key: 'validation_failed' },
    {
      name: 'an unknown grant type',
      send: () => call('POST', '/auth/v1/token?grant_type=magic', { body: {} }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'sign-in without an API key',
      send: () =>
        call('POST', '/auth/v1/token?grant_type=password', {
          apikey: null,
          body: { email: 'editor@union.test', password: 'Editor12345' },
        }),
      status: 401,
      key: 'No API key found in request',
    },
    {
      name: 'sign-in with an unknown API key',
      send: () =>
        call('POST', '/auth/v1/token?grant_type=password', {
          apikey: 'sb_publishable_nope',
          body: { email: 'editor@union.test', password: 'Editor12345' },
        }),
      status: 401,
      key: 'Invalid API key',
    },
    {
      name: 'recovery for something that is not an email',
      send: () => call('POST', '/auth/v1/recover', { body: { email: 'x' } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'recovery with a NUL in the email',
      send: () => call('POST', '/auth/v1/recover', { body: { email: 'a\u0000@union.test' } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'verification of an unknown type',
      send: () => call('POST', '/auth/v1/verify', { body: { type: 'nope', token_hash: 'x' } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'verification without a token',
      send: () => call('POST', '/auth/v1/verify', { body: { type: 'recovery' } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'sign-up (disabled)',
      send: () =>
        call('POST', '/auth/v1/signup', { body: { email: `x-${rand()}@union.test`, password: 'Strong-pass1' } }),
      status: 422,
      key: 'signup_disabled',
    },
    {
      name: 'a new password that is too short',
      send: () => call('PUT', '/auth/v1/user', { token: member.token, body: { password: 'short' } }),
      status: 422,
      key: 'weak_password',
    },
    {
      name: 'user metadata with a NUL',
      send: () => call('PUT', '/auth/v1/user', { token: member.token, body: { data: { nick: 'a\u0000b' } } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'a new email that is not one',
      send: () => call('PUT', '/auth/v1/user', { token: member.token, body: { email: 'not an email' } }),
      status: 400,
      key: 'validation_failed',
    },
    {
      name: 'an account created with a password over 72 bytes',
      send: () =>
        call('POST', '/auth/v1/admin/users', {
          token: env.serviceRoleKey,
          apikey: env.serviceRoleKey,
          body: { email: `long-${rand()}@union.test`, password: `Aa1${'x'.repeat(70)}` },
        }),
      status: 422,
      key: 'validation_failed',
    },
    {
      name: 'an account created with an invalid email',
      send: () =>
        call('POST', '/auth/v1/admin/users', {
          token: env.serviceRoleKey,
          apikey: env.serviceRoleKey,
          body: { email: 'a\u0000@union.test', password: 'Strong-pass1' },
        }),
      status: 400,
      key: 'validation_failed',
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Storage (bucket images)

const upload =
  (objectPath: string, bytes: Uint8Array, type: string, who: () => TestUser | undefined = () => editor) =>
  () =>
    call('POST', `/storage/v1/object/images/${objectPath}`, { token: who()?.token, raw: bytes, type });

describe('storage', () => {
  run([
    {
      name: 'a text file',
      send: upload(`events/note-${rand()}.png`, Buffer.from('hello'), 'text/plain'),
      status: 400,
      key: 'InvalidMimeType',
    },
    // The name must end in an image's extension (docs/data-model.md "Refused inputs"), whatever
    // the bytes: a PNG named .html would be served from the bucket's public URL as a page.
    ...['photo.html', 'photo.png.html', 'photo', 'photo.svg', 'photo.txt'].map((file) => ({
      name: `an image named ${file}`,
      send: upload(`events/${rand()}-${file}`, pngBytes(), 'image/png'),
      status: 400,
      key: 'AccessDenied',
      rule: 'invalid_image_name',
    })),
    {
      name: 'a file over 5 MiB',
      send: upload(`events/big-${rand()}.png`, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png'),
      status: 400,
      key: 'EntityTooLarge',
    },
    {
      name: 'outside the four folders',
      send: upload(`other/x-${rand()}.png`, pngBytes(), 'image/png'),
      status: 400,
      key: 'AccessDenied',
    },
    {
      name: 'a path with ..',
      send: () =>
        exactPath('POST', `/storage/v1/object/images/events/../x-${rand()}.png`, editor.token, pngBytes(), 'image/png'),
      status: 400,
      key: 'InvalidKey',
    },
    {
      name: 'a path with an empty folder',
      send: upload(`events//x-${rand()}.png`, pngBytes(), 'image/png'),
      status: 400,
      key: 'InvalidKey',
    },
    {
      name: 'an Arabic file name',
      send: upload(`events/${encodeURIComponent('صورة')}-${rand()}.png`, pngBytes(), 'image/png'),
      status: 400,
      key: 'InvalidKey',
    },
    {
      name: 'a control character in the name',
      send: upload(`events/a%01b-${rand()}.png`, pngBytes(), 'image/png'),
      status: 400,
      key: 'InvalidKey',
    },
    {
      name: 'an upload by a visitor',
      send: upload(`events/v-${rand()}.png`, pngBytes(), 'image/png', () => undefined),
      status: 400,
      key: 'AccessDenied',
    },
    {
      name: 'an upload into an unknown bucket',
      send: () =>
        call('POST', `/storage/v1/object/nope/events/x-${rand()}.png`, {
          token: editor.token,
          raw: pngBytes(),
          type: 'image/png',
        }),
      status: 400,
      key: 'NoSuchBucket',
    },
  ]);

  it('a rename to a name that is not an image’s: refused, the image stays where it was', async () => {
    const from = `events/rename-${rand()}.png`;
    const to = `events/rename-${rand()}.html`;
    expect(
      (await service().storage.from('images').upload(from, pngBytes(), { contentType: 'image/png' })).error,
    ).toBeNull();
    const answer = await call('POST', '/storage/v1/object/move', {
      token: editor.token,
      body: { bucketId: 'images', sourceKey: from, destinationKey: to },
    });
    expect({ status: answer.status, key: keyOf(answer), message: (answer.body as Json).message }).toEqual({
      status: 400,
      key: 'AccessDenied',
      message: 'invalid_image_name',
    });
    const names = await sql<{ name: string }>(
      `select name from storage.objects where bucket_id = 'images' and name = any($1)`,
      [[from, to]],
    );
    expect(names.map((n) => n.name)).toEqual([from]);
  });
});

// ---------------------------------------------------------------------------------------------
// Edge Function admin-users

const adminUsers =
  (body: unknown, who: () => TestUser | undefined = () => superadmin, raw?: string) =>
  () =>
    call(
      'POST',
      '/functions/v1/admin-users',
      raw !== undefined ? { token: who()?.token, raw } : { token: who()?.token, body },
    );

describe('functions: admin-users', () => {
  run([
    {
      name: 'a body that is not JSON',
      send: adminUsers(undefined, undefined, '{"action":'),
      status: 400,
      key: 'invalid_input',
    },
    { name: 'a body that is an array', send: adminUsers([]), status: 400, key: 'invalid_input' },
    { name: 'an empty object', send: adminUsers({}), status: 400, key: 'invalid_input' },
    { name: 'an unknown action', send: adminUsers({ action: 'promote' }), status: 400, key: 'invalid_input' },
    {
      name: 'an email with a NUL',
      send: adminUsers({ action: 'create', email: 'a\u0000@union.test', password: 'Strong-pass1', role: 'editor' }),
      status: 400,
      key: 'invalid_input',
    },
    {
      name: 'an email with a space',
      send: adminUsers({ action: 'create', email: 'a b@union.test', password: 'Strong-pass1', role: 'editor' }),
      status: 400,
      key: 'invalid_input',
    },
    {
      name: 'a password over 72 bytes',
      send: adminUsers({
        action: 'create',
        email: `long-${rand()}@union.test`,
        password: `Aa1${'x'.repeat(70)}`,
        role: 'editor',
      }),
      status: 400,
      key: 'weak_password',
    },
    {
      name: 'a password over 72 bytes in Arabic letters',
      send: adminUsers({
        action: 'create',
        email: `ar-${rand()}@union.test`,
        password: `Aa1${'ب'.repeat(40)}`,
        role: 'editor',
      }),
      status: 400,
      key: 'weak_password',
    },
    {
      name: 'a weak password',
      send: adminUsers({ action: 'create', email: `weak-${rand()}@union.test`, password: 'short', role: 'editor' }),
      status: 400,
      key: 'weak_password',
    },
    {
      name: 'an unknown role',
      send: adminUsers({
        action: 'create',
        email: `role-${rand()}@union.test`,
        password: 'Strong-pass1',
        role: 'admin',
      }),
      status: 400,
      key: 'invalid_input',
    },
    {
      name: 'a user id that is not a uuid',
      send: adminUsers({ action: 'delete', user_id: 'x' }),
      status: 400,
      key: 'invalid_input',
    },
    {
      name: 'GET',
      send: () => call('GET', '/functions/v1/admin-users', { token: superadmin.token }),
      status: 405,
      key: 'method_not_allowed',
    },
    {
      name: 'a visitor',
      send: adminUsers({ action: 'delete', user_id: SEED.editorId }, () => undefined),
      status: 401,
      key: 'not_signed_in',
    },
    {
      name: 'an editor',
      send: adminUsers({ action: 'delete', user_id: SEED.editorId }, () => editor),
      status: 403,
      key: 'not_allowed',
    },
  ]);
});
