// The publish queue (20261125130000_publishing.sql, docs/operations.md "Publishing"): every change
// to public content is recorded in its own transaction; builds start when changes have settled
// (debounce), at the latest after a ceiling, at once on a superadmin's request, and when an event
// turns past; only the build (service role) reports; staff read the state.
// The stack of these tests runs no publisher (no site folder), so the queue is driven here.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anon, createUser, freeTranslationKey, L, newEvent, service, sql, type TestUser } from './helpers.ts';

let editor: TestUser;
let superadmin: TestUser;

const settings = { debounce: '60 seconds', ceiling: '5 minutes' };

/** An empty queue: no waiting change, and a live build after every event's start (nothing scheduled). */
async function quietQueue() {
  await sql('delete from private.publish_changes');
  await sql('delete from private.publish_builds');
  await sql(`update private.publish_settings set debounce = $1, ceiling = $2`, [settings.debounce, settings.ceiling]);
  await sql(`insert into private.publish_builds (started_at, finished_at, state) values (now(), now(), 'live')`);
}

const waiting = () =>
  sql<{ content: string; operation: string; row_key: string }>(
    `select content, operation, row_key from private.publish_changes where build_id is null order by id`,
  );
const due = async (after: string) =>
  (await sql<{ due: boolean }>(`select private.publish_due(now() + $1::interval) as due`, [after]))[0]!.due;
const claim = async () => (await sql<{ id: string | null }>('select private.claim_publish() as id'))[0]!.id;

beforeAll(async () => {
  [editor, superadmin] = await Promise.all([createUser('editor'), createUser('superadmin')]);
});
beforeEach(quietQueue);
afterAll(async () => {
  await sql('delete from private.publish_changes');
  await sql('delete from private.publish_builds');
});

describe('changes to public content', () => {
  it('an editor’s save is recorded with what changed, in the same transaction', async () => {
    const { data, error } = await editor.client
      .from('events')
      .insert({
        title: L('Queue'),
        description: L('D'),
        location: L('Hall'),
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        photo_path: 'events/publishing-test.png',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(await waiting()).toEqual([{ content: 'events', operation: 'INSERT', row_key: data!.id }]);
  });

  it('a refused change records nothing', async () => {
    const { error } = await editor.client.from('events').insert({
      title: { en: 'Only English' },
      description: L('D'),
      location: L('Hall'),
      starts_at: new Date().toISOString(),
      photo_path: 'events/publishing-test.png',
    });
    expect(error).not.toBeNull();
    expect(await waiting()).toEqual([]);
  });

  it('every public content table records its inserts, updates and deletes', async () => {
    const [book] = await sql<{ id: string }>(
      `insert into public.books (title, author, description) values ($1, $1, $1) returning id`,
      [L('Book')],
    );
    await sql(`delete from public.books where id = $1`, [book!.id]);
    for (const table of ['board_members', 'achievements', 'statistics', 'events'])
      await sql(`update public.${table} set updated_at = now() where id = (select id from public.${table} limit 1)`);
    await sql(`update public.settings set value = value where key = 'footerPhone'`);
    const key = await freeTranslationKey();
    await sql(`insert into public.translations (key, en) values ($1, 'Hello')`, [key]);
    await sql(`delete from public.translations where key = $1`, [key]);
    const recorded = await waiting();
    expect(recorded.slice(0, 2)).toEqual([
      { content: 'books', operation: 'INSERT', row_key: book!.id },
      { content: 'books', operation: 'DELETE', row_key: book!.id },
    ]);
    for (const table of ['board_members', 'achievements', 'statistics', 'events'])
      expect(recorded).toContainEqual(expect.objectContaining({ content: table, operation: 'UPDATE' }));
    expect(recorded).toContainEqual({ content: 'settings', operation: 'UPDATE', row_key: 'footerPhone' });
    expect(recorded.slice(-2)).toEqual([
      { content: 'translations', operation: 'INSERT', row_key: key },
      { content: 'translations', operation: 'DELETE', row_key: key },
    ]);
  });
});

describe('coalescing', () => {
  it('five changes close together wait for the debounce and make one build', async () => {
    const id = await newEvent();
    for (let n = 0; n < 4; n++)
      await service()
        .from('events')
        .update({ capacity: 10 + n })
        .eq('id', id);
    expect(await waiting()).toHaveLength(5);
    expect(await due('59 seconds')).toBe(false);
    expect(await due('60 seconds')).toBe(true);
    await sql(`update private.publish_changes set changed_at = changed_at - interval '61 seconds'`);
    const build = await claim();
    expect(build).not.toBeNull();
    expect(await sql(`select 1 from private.publish_changes where build_id = $1`, [build])).toHaveLength(5);
    expect(await waiting()).toEqual([]);
    // One build at a time: a change made meanwhile waits for the next one.
    await service().from('events').update({ capacity: 99 }).eq('id', id);
    await sql(
      `update private.publish_changes set changed_at = changed_at - interval '61 seconds' where build_id is null`,
    );
    expect(await claim()).toBeNull();
    expect(await waiting()).toHaveLength(1);
  });

  it('a busy evening still publishes after the ceiling, though changes keep coming', async () => {
    await newEvent();
    // The first change five minutes ago, the last one just now.
    await sql(`update private.publish_changes set changed_at = now() - interval '5 minutes'`);
    await newEvent();
    expect(await due('0 seconds')).toBe(true);
    await sql(`update private.publish_settings set ceiling = '10 minutes'`);
    expect(await due('0 seconds')).toBe(false);
  });

  it('an event turning past requests a publish at its start', async () => {
    await newEvent({ starts_at: new Date(Date.now() + 3_600_000).toISOString() });
    await sql(`update private.publish_changes set build_id = (select id from private.publish_builds limit 1)`);
    expect(await due('59 minutes')).toBe(false);
    expect(await due('61 minutes')).toBe(true);
  });

  it('after a failed build, the next try waits a ceiling; a build that never reports is closed', async () => {
    await newEvent();
    await sql(`update private.publish_changes set changed_at = changed_at - interval '61 seconds'`);
    const build = await claim();
    const { data, error } = await service().rpc('report_publish', { build_id: build!, error: 'npm ci failed' });
    expect(error).toBeNull();
    expect(data).toBe('failed');
    expect(await waiting()).toHaveLength(1);
    expect(await due('1 minute')).toBe(false);
    expect(await due('5 minutes')).toBe(true);

    await sql(`delete from private.publish_builds where state = 'failed'`);
    const stuck = await claim();
    await sql(`update private.publish_builds set started_at = now() - interval '31 minutes' where id = $1`, [stuck]);
    expect(await claim()).toBeNull(); // closed as failed; its change waits a ceiling
    expect(await sql(`select state, error from private.publish_builds where id = $1`, [stuck])).toEqual([
      { state: 'failed', error: 'no_report' },
    ]);
    expect(await waiting()).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it('only the service role reports a build', async () => {
    await newEvent();
    await sql(`update private.publish_changes set changed_at = changed_at - interval '61 seconds'`);
    const build = await claim();
    for (const c of [anon(), editor.client, superadmin.client]) {
      const { error } = await c.rpc('report_publish', { build_id: build! });
      expect(error?.code).toBe('42501');
    }
    const { data, error } = await service().rpc('report_publish', { build_id: build! });
    expect(error).toBeNull();
    expect(data).toBe('live');
    const again = await service().rpc('report_publish', { build_id: build! });
    expect(again.error?.message).toBe('build_not_running');
  });

  it('publish now: superadmins only, and at once', async () => {
    const refused = await editor.client.rpc('publish_now');
    expect(refused.error?.message).toBe('not_allowed');
    expect((await anon().rpc('publish_now')).error?.code).toBe('42501');
    expect(await due('0 seconds')).toBe(false);
    const { error } = await superadmin.client.rpc('publish_now');
    expect(error).toBeNull();
    expect(await due('0 seconds')).toBe(true);
  });

  it('staff read the state; visitors cannot', async () => {
    expect((await anon().rpc('publish_status')).error?.code).toBe('42501');
    const idle = await editor.client.rpc('publish_status').single();
    expect(idle.data).toMatchObject({ state: 'up_to_date', waiting_changes: 0 });
    await newEvent();
    expect((await editor.client.rpc('publish_status').single()).data).toMatchObject({
      state: 'waiting',
      waiting_changes: 1,
    });
    await sql(`update private.publish_changes set changed_at = changed_at - interval '61 seconds'`);
    const build = await claim();
    expect((await editor.client.rpc('publish_status').single()).data).toMatchObject({ state: 'publishing' });
    await service().rpc('report_publish', { build_id: build!, error: 'wrangler: authentication error' });
    expect((await superadmin.client.rpc('publish_status').single()).data).toMatchObject({
      state: 'failed',
      last_error: 'wrangler: authentication error',
    });
  });

  it('a deleted upcoming event is listed as cancelled (its id and times only), for everyone', async () => {
    const id = await newEvent();
    expect((await service().from('events').delete().eq('id', id)).error).toBeNull();
    const { data, error } = await anon().rpc('cancelled_events');
    expect(error).toBeNull();
    const row = (data as { id: string }[]).find((r) => r.id === id);
    expect(Object.keys(row!).sort()).toEqual(['cancelled_at', 'id', 'starts_at']);
  });
});

describe('hosted dispatch', () => {
  it('does nothing without pg_net, Vault and the hook’s address', async () => {
    await newEvent();
    await sql(`update private.publish_changes set changed_at = changed_at - interval '61 seconds'`);
    expect((await sql<{ id: string | null }>('select private.dispatch_publish() as id'))[0]!.id).toBeNull();
    // Nothing was claimed: the change still waits.
    expect(await waiting()).toHaveLength(1);
  });
});
