// News (20261126100000_news.sql): the database decides what visitors see. A draft or an item whose
// publication time has not come is invisible to visitors and to signed-in non-staff by every path
// the API offers; publishing asks for all three languages; editors write, only superadmins delete.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { L, anon, createUser, env, futureIso, randomUUID, service, sql, versionOf, type TestUser } from './helpers.ts';

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

type Row = Record<string, unknown>;

const complete = (fields: Row = {}): Row => ({
  id: randomUUID(),
  title: L('News'),
  summary: L('Summary'),
  body: { en: '<p>Body</p>', ar: '<p>نص</p>', tr: '<p>Metin</p>' },
  ...fields,
});

async function svcInsert(row: Row): Promise<string> {
  const { data, error } = await svc.from('news').insert(row).select('id').single();
  if (error) throw new Error(error.message);
  return (data as Row).id as string;
}

async function svcRow(id: string): Promise<Row | null> {
  const { data, error } = await svc.from('news').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Row | null;
}

/** Every way a client can ask for one row through PostgREST: list, by id, counted, by HEAD. */
async function seenBy(c: SupabaseClient, id: string): Promise<boolean> {
  const list = await c.from('news').select('id');
  const one = await c.from('news').select('*').eq('id', id);
  const counted = await c.from('news').select('id', { count: 'exact', head: true }).eq('id', id);
  const seen = [(list.data ?? []).some((r) => r.id === id), (one.data?.length ?? 0) > 0, (counted.count ?? 0) > 0];
  // A consistent answer: a path that showed the row while another hid it would be a leak too.
  expect(new Set(seen).size).toBe(1);
  return seen[0]!;
}

describe('what visitors see', () => {
  it('a draft is invisible to visitors and signed-in non-staff, visible to editors', async () => {
    const id = await svcInsert(complete({ status: 'draft' }));
    expect(await seenBy(anon(), id)).toBe(false);
    expect(await seenBy(outsider.client, id)).toBe(false);
    expect(await seenBy(editor.client, id)).toBe(true);
  });

  it('a scheduled item is invisible until its time, then visible without anyone saving it', async () => {
    const id = await svcInsert(complete({ status: 'published', publish_at: futureIso(7) }));
    expect(await seenBy(anon(), id)).toBe(false);
    expect(await seenBy(outsider.client, id)).toBe(false);
    expect(await seenBy(editor.client, id)).toBe(true);
    // Its time comes (moved into the past by hand, as the clock would).
    await sql(`update public.news set publish_at = now() - interval '1 minute' where id = $1`, [id]);
    expect(await seenBy(anon(), id)).toBe(true);
  });

  it('a published item whose time has come is visible to visitors', async () => {
    const id = await svcInsert(
      complete({ status: 'published', publish_at: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(await seenBy(anon(), id)).toBe(true);
  });

  it('an unpublished item disappears again', async () => {
    const id = await svcInsert(complete({ status: 'published' }));
    expect(await seenBy(anon(), id)).toBe(true);
    const { error } = await editor.client
      .from('news')
      .update({ status: 'draft', version: await versionOf('news', { id }) })
      .eq('id', id);
    expect(error).toBeNull();
    expect(await seenBy(anon(), id)).toBe(false);
  });

  it('the raw REST answer to a visitor never carries a draft or scheduled row, whatever the filter asks', async () => {
    const draft = await svcInsert(complete({ status: 'draft' }));
    const later = await svcInsert(complete({ status: 'published', publish_at: futureIso(3) }));
    for (const query of [
      'select=*',
      'status=eq.draft',
      `publish_at=gt.${encodeURIComponent(new Date().toISOString())}`,
      'or=(status.eq.draft,status.eq.published)',
    ]) {
      const res = await fetch(`${env.url}/rest/v1/news?${query}`, { headers: { apikey: env.anonKey } });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Row[];
      expect(rows.map((r) => r.id)).not.toContain(draft);
      expect(rows.map((r) => r.id)).not.toContain(later);
      for (const r of rows) {
        expect(r.status).toBe('published');
        expect(new Date(r.publish_at as string).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
    }
  });

  it('a visitor cannot write news', async () => {
    const row = complete({ status: 'published' });
    const { error } = await anon().from('news').insert(row);
    expect(error).not.toBeNull();
    expect(await svcRow(row.id as string)).toBeNull();
  });
});

describe('publishing rules', () => {
  it('a draft may be unfinished (one language, no summary yet)', async () => {
    const { error } = await editor.client
      .from('news')
      .insert({ title: { en: 'Only English so far' }, status: 'draft' });
    expect(error).toBeNull();
  });

  it('publishing with a language missing is refused and nothing is saved', async () => {
    const row = complete({ status: 'published', summary: { en: 'Summary', ar: 'ملخص' } });
    const { error } = await editor.client.from('news').insert(row);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('news_complete');
    expect(await svcRow(row.id as string)).toBeNull();
  });

  it('publishing a draft whose body is blank in one language is refused', async () => {
    const id = await svcInsert(complete({ status: 'draft', body: { en: '<p>x</p>', ar: '<p>س</p>', tr: '   ' } }));
    const { error } = await editor.client
      .from('news')
      .update({ status: 'published', version: await versionOf('news', { id }) })
      .eq('id', id);
    expect(error?.code).toBe('23514');
    expect((await svcRow(id))?.status).toBe('draft');
  });

  it('a cover needs its alt text in three languages before publishing', async () => {
    const row = complete({ status: 'published', cover_path: 'news/c.webp', cover_alt: { en: 'A hall' } });
    const { error } = await editor.client.from('news').insert(row);
    expect(error?.code).toBe('23514');
    const fixed = { ...row, cover_alt: L('A hall') };
    expect((await editor.client.from('news').insert(fixed)).error).toBeNull();
  });

  it('a cover lives under news/', async () => {
    const { error } = await editor.client.from('news').insert(complete({ cover_path: 'events/x.webp' }));
    expect(error?.code).toBe('23514');
  });

  it('localized fields take only en, ar and tr as strings', async () => {
    const { error } = await editor.client.from('news').insert(complete({ status: 'draft', title: { fr: 'Bonjour' } }));
    expect(error?.code).toBe('23514');
    const { error: e2 } = await editor.client.from('news').insert(complete({ status: 'draft', title: { en: 5 } }));
    expect(e2?.code).toBe('23514');
  });

  it('"publish now" (published without a time) is published from this moment', async () => {
    const row = complete({ status: 'published' });
    const before = Date.now();
    expect((await editor.client.from('news').insert(row)).error).toBeNull();
    const stored = await svcRow(row.id as string);
    const at = new Date(stored!.publish_at as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 5000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5000);
  });

  it('the author is the staff member who wrote it', async () => {
    const row = complete({ status: 'draft' });
    expect((await editor.client.from('news').insert(row)).error).toBeNull();
    expect((await svcRow(row.id as string))?.author_id).toBe(editor.id);
  });
});

describe('who may delete', () => {
  it('an editor cannot delete news; a superadmin can', async () => {
    const id = await svcInsert(complete({ status: 'draft' }));
    await editor.client.from('news').delete().eq('id', id);
    expect(await svcRow(id)).not.toBeNull();
    const { error } = await superadmin.client.from('news').delete().eq('id', id);
    expect(error).toBeNull();
    expect(await svcRow(id)).toBeNull();
  });
});

describe('audit and publishing', () => {
  it('every change is audited with its actor', async () => {
    const row = complete({ status: 'draft' });
    expect((await editor.client.from('news').insert(row)).error).toBeNull();
    const audit = await sql<{ actor_id: string; action: string }>(
      `select actor_id, action from public.audit_log where table_name = 'news' and row_id = $1`,
      [row.id],
    );
    expect(audit).toEqual([{ actor_id: editor.id, action: 'INSERT' }]);
  });

  it('a save is recorded for the publish queue', async () => {
    const row = complete({ status: 'draft' });
    expect((await editor.client.from('news').insert(row)).error).toBeNull();
    const changes = await sql(`select operation from private.publish_changes where content = 'news' and row_key = $1`, [
      row.id,
    ]);
    expect(changes).toEqual([{ operation: 'INSERT' }]);
  });

  it('a scheduled time is a publication time (the site is rebuilt then); a draft’s is not', async () => {
    const at = futureIso(5);
    const published = await svcInsert(complete({ status: 'published', publish_at: at }));
    const draft = await svcInsert(complete({ status: 'draft', publish_at: futureIso(6) }));
    const times = (await sql<{ at: Date }>(`select t.at from private.publish_times() t(at)`)).map((r) =>
      r.at.toISOString(),
    );
    expect(times).toContain(new Date(at).toISOString());
    expect(times).not.toContain(new Date((await svcRow(draft))!.publish_at as string).toISOString());
    await svc.from('news').delete().in('id', [published, draft]);
  });
});
