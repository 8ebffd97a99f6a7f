import type { APIRequestContext } from '@playwright/test';
import type pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '@union/shared/database.types';
import { demoAccounts, expect, test, urls } from '../harness/fixtures';

// The site follows what staff publish (docs/operations.md, "Publishing"): an editor saves an event
// and, with no command run, the served site has its prerendered page (with the tags link previews
// read), its sitemap entry and its calendar entry within 15 seconds; five changes in a row make one
// publish; deleting the event takes its page and entry away and marks it cancelled in the feeds.

const LIVE_WITHIN_MS = 15_000;

async function editorClient() {
  const client = createClient<Database>(urls.api, process.env.SUPABASE_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword(demoAccounts.editor);
  if (error) throw error;
  return client;
}

const text = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  return { status: res.status(), body: await res.text() };
};

const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

/** Waits for a quiet queue: no build running, nothing waiting (earlier changes published). */
async function quietQueue(db: pg.Client) {
  await expect
    .poll(
      async () =>
        (
          await db.query<{ busy: string }>(
            `select (select count(*) from private.publish_builds where state = 'running')
                  + (select count(*) from private.publish_changes where build_id is null) as busy`,
          )
        ).rows[0]!.busy,
      { timeout: 30_000 },
    )
    .toBe('0');
}

test('a saved event is live in the prerendered site and the feeds within 15 s, by itself; deleting it removes it', async ({
  request,
  db,
  service,
}) => {
  await quietQueue(db);
  const { rows } = await db.query<{ now: Date }>('select clock_timestamp() as now');
  const since = rows[0]!.now;

  const editor = await editorClient();
  const title = (n: number) => ({
    en: `Published evening ${n} ${since.getTime()}`,
    ar: `أمسية منشورة ${n} ${since.getTime()}`,
    tr: `Yayımlanan akşam ${n} ${since.getTime()}`,
  });
  const saved = Date.now();
  const { data: event, error } = await editor
    .from('events')
    .insert({
      title: title(1),
      description: { en: 'Poetry and music.', ar: 'شعر وموسيقى.', tr: 'Şiir ve müzik.' },
      location: { en: 'Main hall', ar: 'القاعة الكبرى', tr: 'Büyük salon' },
      starts_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      photo_path: 'events/event-workshop-1600x900.webp',
    })
    .select('id')
    .single();
  if (error) throw error;
  // Four more changes right after: together with the first, one publish.
  for (let n = 2; n <= 5; n++) {
    // Naming the version read, as the console does (row versions: 1 at insert, one more per change).
    const { error: updateError } = await editor
      .from('events')
      .update({ title: title(n), version: n - 1 })
      .eq('id', event.id);
    if (updateError) throw updateError;
  }
  const final = title(5);
  const page = `/en/events/${event.id}`;

  await expect
    .poll(async () => (await text(request, page)).body.includes(`<title>${final.en}`), { timeout: LIVE_WITHIN_MS })
    .toBe(true);
  console.log(`save → live prerendered page: ${Date.now() - saved} ms`);

  const { status, body } = await text(request, page);
  expect(status).toBe(200);
  expect(meta(body, 'og:title')).toContain(final.en);
  expect(meta(body, 'og:image')).toContain('event-workshop-1600x900.webp');
  const jsonLd = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string; name: string },
  );
  expect(jsonLd).toContainEqual(expect.objectContaining({ '@type': 'Event', name: final.en }));
  expect((await text(request, `/events/${event.id}`)).body).toContain(final.ar);
  expect((await text(request, '/sitemap.xml')).body).toContain(`/events/${event.id}`);
  const feed = (await text(request, '/en/events.ics')).body;
  expect(feed).toContain(`UID:${event.id}@union-public-site`);
  expect(feed.replace(/\r\n /g, '')).toContain(`SUMMARY:${final.en}`);
  expect((await text(request, '/tr/events.ics')).body.replace(/\r\n /g, '')).toContain(`SUMMARY:${final.tr}`);

  // The five changes made one build.
  const builds = await db.query(`select id from private.publish_builds where started_at >= $1`, [since]);
  expect(builds.rows).toHaveLength(1);

  // Deleted (superadmins delete): gone from the site, cancelled in the feeds.
  const deleted = Date.now();
  const { error: deleteError } = await service.from('events').delete().eq('id', event.id);
  if (deleteError) throw deleteError;
  await expect.poll(async () => (await text(request, page)).status, { timeout: LIVE_WITHIN_MS }).toBe(404);
  console.log(`delete → page gone: ${Date.now() - deleted} ms`);
  expect((await text(request, '/sitemap.xml')).body).not.toContain(event.id);
  const entries = (await text(request, '/en/events.ics')).body.split('BEGIN:VEVENT').slice(1);
  const entry = entries.find((e) => e.includes(`UID:${event.id}@union-public-site`));
  expect(entry).toContain('STATUS:CANCELLED');
  expect(entry).not.toContain(final.en);
});

test("a change that does not touch the home page leaves it whole (the publish's template is never a page)", async ({
  request,
  service,
}) => {
  const { data: book, error } = await service.from('books').select('id, title').limit(1).single();
  if (error) throw error;
  const original = book.title as Record<string, string>;
  const changed = { ...original, en: `${original.en} (E2E)` };
  try {
    await service.from('books').update({ title: changed }).eq('id', book.id);
    // Only the library pages are published for a book…
    await expect
      .poll(async () => (await text(request, '/en/library')).body.includes(changed.en), { timeout: LIVE_WITHIN_MS })
      .toBe(true);
    // …and home is still the prerendered page, not the empty template.
    const home = await text(request, '/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('<!--app-html-->');
    expect(home.body).toMatch(/<h1[^>]*id="hero-title"/);
  } finally {
    await service.from('books').update({ title: original }).eq('id', book.id);
  }
});

test('a news item whose time comes while another change waits is on its own page and the lists at once', async ({
  request,
  db,
  service,
}) => {
  await quietQueue(db);
  const { rows } = await db.query<{ now: Date }>('select clock_timestamp() as now');
  // The database's clock decides the time; this process waits by its own, so it keeps the offset.
  const offset = rows[0]!.now.getTime() - Date.now();
  const at = rows[0]!.now.getTime() + 12_000;
  const stamp = `${at}`;
  const { data: item, error } = await service
    .from('news')
    .insert({
      title: { en: `Scheduled beside a change ${stamp}`, ar: `خبر مجدول ${stamp}`, tr: `Zamanlanmış haber ${stamp}` },
      summary: { en: 'Due at its time.', ar: 'في موعده.', tr: 'Zamanında.' },
      body: { en: '<p>Body.</p>', ar: '<p>نص.</p>', tr: '<p>Metin.</p>' },
      status: 'published',
      publish_at: new Date(at).toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;
  const { data: book, error: bookError } = await service.from('books').select('id, title').limit(1).single();
  if (bookError) throw bookError;
  const original = book.title as Record<string, string>;
  try {
    await quietQueue(db);
    // A second before the item's time, another change: still waiting (2 s debounce) when the time comes.
    await new Promise((r) => setTimeout(r, at - 1_000 - (Date.now() + offset)));
    await service
      .from('books')
      .update({ title: { ...original, en: `${original.en} (${stamp})` } })
      .eq('id', book.id);

    for (const path of [`/en/news/${item.id}`, `/news/${item.id}`]) {
      await expect.poll(async () => (await text(request, path)).status, { timeout: LIVE_WITHIN_MS }).toBe(200);
    }
    expect((await text(request, '/en/news')).body).toContain(`Scheduled beside a change ${stamp}`);
    expect((await text(request, '/en/feed.xml')).body).toContain(`/en/news/${item.id}`);
    // The case itself: one build, started after the item's time, carried the book's change too.
    const { rows: builds } = await db.query<{ started_at: Date }>(
      `select distinct b.started_at from private.publish_builds b
         join private.publish_changes c on c.build_id = b.id
        where c.content = 'books' and c.changed_at >= $1`,
      [new Date(at - 2_000)],
    );
    expect(builds).toHaveLength(1);
    expect(builds[0]!.started_at.getTime()).toBeGreaterThanOrEqual(at);
  } finally {
    await service.from('books').update({ title: original }).eq('id', book.id);
    await service.from('news').delete().eq('id', item.id);
  }
});
