// The site-wide files the prerender writes beside the pages.
import type { Language } from '@union/shared/constants';
import { ITEM_FOLDERS } from '../src/itemRoutes.ts';

export interface SitemapPage {
  /** Path inside a language ('/events'). */
  path: string;
  /** When its content last changed (a row's updated_at, ISO 8601), where it has one. */
  lastmod?: string;
}

/** A W3C datetime as the sitemap protocol wants it, in UTC to the second; nothing for a bad value. */
function w3cDate(value: string | undefined): string | null {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every page in every language, each listing all its language versions (hreflang, as in the
 * pages' own <link rel="alternate">), with x-default pointing at Arabic, the default.
 */
export function sitemapXml(
  origin: string,
  pages: SitemapPage[],
  languages: readonly Language[],
  localizedPath: (lang: Language, path: string) => string,
): string {
  const urls = pages.flatMap(({ path, lastmod }) => {
    const modified = w3cDate(lastmod);
    const alternates = [
      ...languages.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(origin + localizedPath(lang, path))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + localizedPath(languages[0]!, path))}"/>`,
    ].join('\n');
    return languages.map(
      (lang) =>
        `  <url>\n    <loc>${xml(origin + localizedPath(lang, path))}</loc>\n` +
        (modified ? `    <lastmod>${modified}</lastmod>\n` : '') +
        `${alternates}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

export const robotsTxt = (origin: string): string => `User-agent: *
Allow: /
Disallow: /admin/

Sitemap: ${origin}/sitemap.xml
`;

/**
 * Netlify's _redirects: which prerendered page answers, with status 404, for a path that has no
 * page of its own. An event (a news item) added after the build gets the event (news) page without
 * one (it loads it in the browser); anything else the "not found" page of its language. Netlify applies
 * these only where no file matches. Cloudflare Pages needs none of it (it serves the nearest
 * 404.html by itself); docs/operations.md, "Another static host", gives the same rules for nginx and Caddy.
 */
export function hostRules(
  languages: readonly Language[],
  localizedPath: (lang: Language, path: string) => string,
): string {
  const rules: string[] = [];
  // The more specific folders first (each item route's: src/itemRoutes.ts): Netlify applies the
  // first rule that matches.
  for (const folder of ITEM_FOLDERS)
    for (const lang of languages)
      rules.push(`${localizedPath(lang, folder)}/*  ${localizedPath(lang, `${folder}/404`)}.html  404`);
  for (const lang of languages.slice(1))
    rules.push(`${localizedPath(lang, '/')}/*  ${localizedPath(lang, '/404')}.html  404`);
  rules.push('/*  /404.html  404');
  return `# Pages the host serves, with status 404, where no file matches (docs/operations.md, "Another static host").\n${rules.join('\n')}\n`;
}
