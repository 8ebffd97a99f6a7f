import { LOCAL_SITE_ORIGIN, readConfig } from '@union/shared/config';

/** Built once from the VITE_* build-time env (defaults: the local stack). */
export const config = readConfig(import.meta.env);

/**
 * The site's absolute origin, for canonical, hreflang and share URLs (they must be absolute):
 * VITE_PUBLIC_SITE_URL when it is an absolute URL, the local address otherwise.
 */
export const siteOrigin: string = /^https?:\/\//.test(config.publicSiteUrl)
  ? new URL(config.publicSiteUrl).origin
  : LOCAL_SITE_ORIGIN;
