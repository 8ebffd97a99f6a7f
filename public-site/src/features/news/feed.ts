// The news feeds (feed.xml, en/feed.xml, tr/feed.xml): RSS 2.0, written by the prerender with every
// build and every publish (docs/operations.md, "Publishing") and advertised by every page's head
// (rel="alternate"). The `feed` library writes the XML (escaping, dates in RFC 822, atom:link
// self); this file says what goes in. A description goes in as CDATA a reader takes for HTML,
// so its text is escaped here. Runs in the prerender (Node) only.
import type { i18n as I18n } from 'i18next';
import { Feed } from 'feed';
import type { Language } from '@union/shared/constants';
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

/**
 * One language's feed. `items` are the visible items as the API gives them to a visitor (bodies
 * sanitised); `i18n` has that language loaded (with the staff's overrides).
 */
export async function newsFeed(
  items: NewsRow[],
  lang: Language,
  i18n: I18n,
  origin: string,
  now = new Date(),
): Promise<string> {
  // Imported on demand as everywhere else (features/news/api.ts), so that bundlers keep the
  // sanitiser in a chunk of its own.
  const { richTextToPlain, sanitizeRichText } = await import('@union/shared/richText');
  // On demand too: the browser loads the head's tags as a chunk of their own (lib/head.tsx).
  const { escapeHtml } = await import('../../lib/headTags');
  const t = i18n.getFixedT(lang);
  const home = `${origin}${localizedPath(lang, '/news')}`;
  const shown = [...items].sort(byDate).slice(0, FEED_ITEMS);
  const feed = new Feed({
    id: home,
    title: t('news.feedTitle'),
    description: t('news.feedDescription'),
    link: home,
    language: lang,
    image: `${origin}/icon-512.png`,
    favicon: `${origin}/favicon.svg`,
    copyright: t('footer.rights', { year: now.getUTCFullYear() }),
    updated: shown[0] ? new Date(shown[0].updated_at) : now,
    generator: false,
    feedLinks: { rss: `${origin}${newsFeedPath(lang)}` },
  });
  for (const item of shown) {
    const url = `${origin}${localizedPath(lang, `/news/${item.id}`)}`;
    // Sanitised again with the item's address as base: the feed's links must be absolute.
    const body = sanitizeRichText(localize(item.body, lang), url);
    const summary = localize(item.summary, lang);
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
      ...(item.cover_path
        ? // The length in bytes is unknown here: 0, as the RSS Advisory Board advises.
          { enclosure: { url: publicImageUrl(config, item.cover_path)!, type: imageType(item.cover_path), length: 0 } }
        : {}),
    });
  }
  return feed.rss2();
}
