import { siteOrigin } from '../../lib/config';
import type { TFunction } from '../../lib/i18n';
import { textSetting, type Settings } from '../../lib/settings';

// schema.org data for search engines about the union itself, on the home page. A module of its
// own: the event and news builders (lib/structuredData.ts) and what they import stay in their
// pages' chunks instead of the home page's first download.

const SOCIAL_KEYS = ['footerFacebook', 'footerTwitter', 'footerInstagram', 'footerLinkedIn', 'footerYouTube'] as const;

export function organizationJsonLd(t: TFunction, settings: Settings | undefined): Record<string, unknown> {
  const email = textSetting(settings, 'footerEmail');
  const address = textSetting(settings, 'footerAddress');
  const sameAs = SOCIAL_KEYS.map((key) => textSetting(settings, key)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: t('meta.siteName'),
    description: t('meta.description'),
    url: `${siteOrigin}/`,
    logo: `${siteOrigin}/icon-512.png`,
    ...(email ? { email } : {}),
    ...(address ? { address } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
