import { query, reads } from '../../lib/data';
import { restClient, rows } from '../../lib/rest';
import type { NewsListRow, NewsRow } from '../../lib/types';

// Visitors read only published items whose time has come: row-level security decides
// (20261126100000_news.sql), so these requests need no filter of their own for that.

/** Items per page of /news; the home page shows HOME_LIST_LIMIT. */
export const NEWS_PAGE_SIZE = 12;

const LIST_COLUMNS = 'id,title,summary,cover_path,cover_alt,publish_at,pinned';

/** Pinned first, then newest first; `page` counts from 0. */
function listNews(limit: number, page = 0): Promise<NewsListRow[]> {
  return rows<NewsListRow[]>((rest) =>
    rest
      .from('news')
      .select(LIST_COLUMNS)
      .order('pinned', { ascending: false })
      .order('publish_at', { ascending: false })
      .order('id')
      .range(page * limit, page * limit + limit - 1),
  );
}

export const newsListQuery = (limit = NEWS_PAGE_SIZE, page = 0) =>
  query(`news:list:${limit}:${page}`, () => listNews(limit, page), ...(import.meta.env.SSR ? reads('news') : []));

const isNewsId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The item with its bodies sanitised (shared/src/richText.ts) before anything renders them. The
 * sanitiser is imported here, on demand: it lands in the item page's chunk, never in the home
 * page's scripts, and a prerendered page embeds bodies already sanitised.
 */
export async function sanitizeNews(row: NewsRow): Promise<NewsRow> {
  const { sanitizeRichText } = await import('@union/shared/richText');
  const body = (row.body ?? {}) as Record<string, unknown>;
  const clean: Record<string, string> = {};
  for (const [lang, html] of Object.entries(body)) if (typeof html === 'string') clean[lang] = sanitizeRichText(html);
  return { ...row, body: clean };
}

async function getNews(id: string): Promise<NewsRow | null> {
  // A malformed id would make PostgREST answer 400; it is simply "not found" to a visitor.
  if (!isNewsId(id)) return null;
  const { data, error } = await (await restClient()).from('news').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data ? sanitizeNews(data as NewsRow) : null;
}

export const newsItemQuery = (id: string) =>
  query(`news:item:${id.toLowerCase()}`, () => getNews(id), ...(import.meta.env.SSR ? reads('news') : []));

/** Every visible item, whole and sanitised: the prerender writes a page for each, and the feeds. */
export const allNewsQuery = query(
  'news:all-rows',
  async () => {
    const all = await rows<NewsRow[]>((rest) =>
      rest.from('news').select('*').order('publish_at', { ascending: false }),
    );
    return Promise.all(all.map(sanitizeNews));
  },
  ...(import.meta.env.SSR ? reads('news') : []),
);
