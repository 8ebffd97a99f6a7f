// The news feeds (feed.xml, en/feed.xml, tr/feed.xml): RSS 2.0, written by the prerender with every
// build and every publish (docs/operations.md, "Publishing") and advertised by every page's head
// (rel="alternate"). The `feed` library writes the XML (escaping, dates in RFC 822, atom:link
// self); this file says what goes in. A description goes in as CDATA a reader takes for HTML,
// so its text is escaped here. Runs in the prerender (Node) only.
import type { i18n as I18n } from 'i18next';
import { Feed } from 'feed';
import type { Language } from '@union/shared/constants';
import { formatYear } from '@union/shared/format';
import { localize } from '@union/shared/localized';
import { publicImageUrl } from '@union/shared/storage';
import { config } from '../../lib/config';
import { localizedPath } from '../../lib/paths';
import type { NewsRow } from '../../lib/types';
import { newsFeedPath } from './feedPath';

/** Items in a feed: readers keep what they have already fetched. */
export const FEED_ITEMS = 20;

/** Newest first, as published: a pinned item is not news again. */
const byDate = (a: NewsRow, b: NewsRow) => (b.publish_at ?? '').localeCompare(a.publish_at ?? '');

/** A cover's MIME type from its name (the console stores WebP or JPEG; the seed WebP). */
const imageType = (path: string) =>
  /\.jpe?g$/i.test(path) ? 'image/jpeg' : /\.png$/i.test(path) ? 'image/png' : 'image/webp';

/** The items a feed lists: the newest FEED_ITEMS. */
export const feedItems = (items: NewsRow[]): NewsRow[] => [...items].sort(byDate).slice(0, FEED_ITEMS);

/**
 * The size in bytes of each cover of `items`, by its Storage path, from a HEAD request to its
 * public URL (the enclosure's URL). A cover whose size does not come back is left out: a feed
 * gets no enclosure for it rather than a made-up length.
 */
export async function coverSizes(
  items: NewsRow[],
  fetchImpl: typeof fetch = fetch,
): Promise<ReadonlyMap<string, number>> {
  const paths = [...new Set(feedItems(items).flatMap((item) => (item.cover_path ? [item.cover_path] : [])))];
  const sizes = new Map<string, number>();
  await Promise.all(
    paths.map(async (path) => {
      const url = publicImageUrl(config, path);
      if (!url) return;
      try {
        const res = await fetchImpl(url, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
        const length = Number(res.headers.get('content-length'));
        if (res.ok && Number.isInteger(length) && length > 0) sizes.set(path, length);
      } catch {
        // Unreachable or too slow: no enclosure for this cover (see above).
      }
    }),
  );
  return sizes;
}

export interface FeedOptions {
  /** The time the feed is written (its copyright year, its date when there are no items). */
  now?: Date;
  /** The covers' sizes in bytes by Storage path (coverSizes): a cover without one has no enclosure. */
  coverBytes?: ReadonlyMap<string, number>;
}

/**
 * One language's feed. `items` are the visible items as the API gives them to a visitor (bodies
 * sanitised); `i18n` has that language loaded (with the staff's overrides).
 */
export async function newsFeed(
  items: NewsRow[],
  lang: Language,
  i18n: I18n,
  origin: string,
  { now = new Date(), coverBytes = new Map() }: FeedOptions = {},
): Promise<string> {
  // Imported on demand as everywhere else (features/news/api.ts), so that bundlers keep the
  // sanitiser in a chunk of its own.
  const { richTextToPlain, sanitizeRichText } = await import('@union/shared/richText');
  // On demand too: the browser loads the head's tags as a chunk of their own (lib/head.tsx).
  const { escapeHtml } = await import('../../lib/headTags');
  const t = i18n.getFixedT(lang);
  const home = `${origin}${localizedPath(lang, '/news')}`;
  const shown = feedItems(items);
  const feed = new Feed({
    id: home,
    title: t('news.feedTitle'),
    description: t('news.feedDescription'),
    link: home,
    language: lang,
    image: `${origin}/icon-512.png`,
    favicon: `${origin}/favicon.svg`,
    // A string, as the footer's: i18next would format a number with a group separator («© 2,026»).
    copyright: t('footer.rights', { year: formatYear(now.getUTCFullYear(), lang) }),
    updated: shown[0] ? new Date(shown[0].updated_at) : now,
    generator: false,
    feedLinks: { rss: `${origin}${newsFeedPath(lang)}` },
  });
  for (const item of shown) {
    const url = `${origin}${localizedPath(lang, `/news/${item.id}`)}`;
    // Sanitised again with the item's address as base: the feed's links must be absolute.
    const body = sanitizeRichText(localize(item.body, lang), url);
    const summary = localize(item.summary, lang);
    const coverLength = item.cover_path ? coverBytes.get(item.cover_path) : undefined;
    feed.addItem({
      title: localize(item.title, lang),
      id: url,
      guid: url,
      link: url,
      date: new Date(item.publish_at ?? item.created_at),
      // A description is HTML to a reader: the summary is text the site shows as typed, so it is
      // escaped; the body's text comes out of sanitize-html escaped already.
      description: summary ? escapeHtml(summary) : richTextToPlain(body).slice(0, 300),
      content: body,
      // RSS requires an enclosure's length in bytes: without the cover's real size, no enclosure.
      ...(item.cover_path && coverLength
        ? {
            enclosure: {
              url: publicImageUrl(config, item.cover_path)!,
              type: imageType(item.cover_path),
              length: coverLength,
            },
          }
        : {}),
    });
  }
  return feed.rss2();
}
