import type { Language } from '@union/shared/constants';
import { localize } from '@union/shared/localized';
import { siteOrigin } from './config';
import type { TFunction } from './i18n';
import { DEFAULT_EVENT_MINUTES } from '@union/shared/ics';
import { localizedPath } from './paths';
import type { EventRow, NewsRow } from './types';

// schema.org data for search engines (JSON-LD in the page's head): each event and news item on
// its own page (the union itself, on the home page: features/home/organization.ts).

export function eventJsonLd(
  event: EventRow,
  lang: Language,
  t: TFunction,
  image: string | null,
): Record<string, unknown> {
  const start = new Date(event.starts_at);
  const location = localize(event.location, lang);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: localize(event.title, lang),
    description: localize(event.description, lang),
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + DEFAULT_EVENT_MINUTES * 60_000).toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: location, address: location },
    ...(image ? { image: [image] } : {}),
    organizer: { '@type': 'Organization', name: t('meta.siteName'), url: `${siteOrigin}/` },
    url: `${siteOrigin}${localizedPath(lang, `/events/${event.id}`)}`,
    inLanguage: lang,
  };
}

/** A news item (schema.org NewsArticle): headline, dates, image, the union as publisher. */
export function newsJsonLd(item: NewsRow, lang: Language, t: TFunction, image: string | null): Record<string, unknown> {
  const union = {
    '@type': 'Organization',
    name: t('meta.siteName'),
    url: `${siteOrigin}/`,
    logo: `${siteOrigin}/icon-512.png`,
  };
  const url = `${siteOrigin}${localizedPath(lang, `/news/${item.id}`)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: localize(item.title, lang),
    description: localize(item.summary, lang),
    ...(image ? { image: [image] } : {}),
    datePublished: item.publish_at ? new Date(item.publish_at).toISOString() : undefined,
    dateModified: new Date(item.updated_at).toISOString(),
    // Staff names are not public: the union signs its news.
    author: union,
    publisher: union,
    mainEntityOfPage: url,
    url,
    inLanguage: lang,
  };
}
