import type { Language } from '@union/shared/constants';
import { localizedPath } from '../../lib/paths';

/** The file of a language's news feed (RSS 2.0), written by the prerender. */
export const NEWS_FEED_FILE = 'feed.xml';

/** /feed.xml, /en/feed.xml, /tr/feed.xml. */
export const newsFeedPath = (lang: Language): string => localizedPath(lang, `/${NEWS_FEED_FILE}`);
