import { readConfig } from '@union/shared/config';

/** Built once from the VITE_* build-time env (defaults: the local stack). */
export const config = readConfig(import.meta.env);

/** Where `npm start` serves the site; canonical URLs use it when no public address is configured. */
export const LOCAL_SITE_ORIGIN = 'http://127.0.0.1:5173';

/**
 * The site's absolute origin, for canonical, hreflang and share URLs (they must be absolute):
 * VITE_PUBLIC_SITE_URL when it is an absolute URL, the local address otherwise.
 */
export const siteOrigin: string = /^https?:\/\//.test(config.publicSiteUrl)
  ? new URL(config.publicSiteUrl).origin
  : LOCAL_SITE_ORIGIN;
