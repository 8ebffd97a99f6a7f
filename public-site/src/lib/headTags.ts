import { LANGUAGES, type Language } from '@union/shared/constants';
import { alternatePaths, localizedPath } from './paths';
import { newsFeedPath } from '../features/news/feedPath';
import type { HeadPageContext, HeadTag, PageHeadInput } from './headTypes';

// The tags of a page's <head>, built from what the page declares (lib/head.tsx). The prerender
// builds them for every page; the browser needs them only on a client-side navigation (a
// hydrated page's head is already in its HTML), so this module is a chunk of its own there,
// loaded then, not with the first screen.

/** Open Graph locales of the three languages. */
const OG_LOCALES: Record<Language, string> = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' };

/** The site's own preview image (public/og-image.jpg, drawn by scripts/generate-images.ts). */
const DEFAULT_SHARE_IMAGE = { url: '/og-image.jpg', width: 1200, height: 630 };

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

export function headTags(page: PageHeadInput, ctx: HeadPageContext): HeadTag[] {
  const title = page.title && page.title !== ctx.siteName ? `${page.title} | ${ctx.siteName}` : ctx.siteName;
  const url = absolute(ctx.origin, localizedPath(ctx.lang, ctx.path));
  const image = absolute(ctx.origin, page.image || DEFAULT_SHARE_IMAGE.url);
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });
  const tags: HeadTag[] = [{ tag: 'title', text: title }, meta('name', 'description', page.description)];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  else {
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
    for (const alt of alternatePaths(ctx.path))
      tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alt.lang, href: absolute(ctx.origin, alt.path) } });
    tags.push({
      tag: 'link',
      attrs: {
        rel: 'alternate',
        hreflang: 'x-default',
        href: absolute(ctx.origin, localizedPath(LANGUAGES[0], ctx.path)),
      },
    });
  }
  if (ctx.feedTitle)
    tags.push({
      tag: 'link',
      attrs: {
        rel: 'alternate',
        type: 'application/rss+xml',
        title: ctx.feedTitle,
        href: absolute(ctx.origin, newsFeedPath(ctx.lang)),
      },
    });
  tags.push(
    meta('property', 'og:type', page.article ? 'article' : 'website'),
    ...(page.article
      ? [
          meta('property', 'article:published_time', page.article.publishedTime),
          meta('property', 'article:modified_time', page.article.modifiedTime),
        ]
      : []),
    meta('property', 'og:site_name', ctx.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    ...(page.image
      ? []
      : [
          meta('property', 'og:image:width', String(DEFAULT_SHARE_IMAGE.width)),
          meta('property', 'og:image:height', String(DEFAULT_SHARE_IMAGE.height)),
        ]),
    meta('property', 'og:locale', OG_LOCALES[ctx.lang]),
    ...LANGUAGES.filter((l) => l !== ctx.lang).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
  );
  if (page.jsonLd)
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: JSON.stringify(page.jsonLd) });
  return tags;
}

/** Text as HTML (also valid XML character data): the head's tags and the news feed's descriptions. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags as HTML for a prerendered page; every tag but the title is marked data-head (replaced on navigation). */
export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      if (t.tag === 'title') return `<title>${escapeHtml(t.text)}</title>`;
      const attrs = Object.entries({ ...t.attrs, 'data-head': '' })
        .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
        .join('');
      if (t.tag === 'script') return `<script${attrs}>${t.text.replace(/</g, '\\u003c')}</script>`;
      return `<${t.tag}${attrs}>`;
    })
    .join('\n    ');
}

/** Replaces the page's head tags in the browser (client-side navigation). */
export function applyHeadTags(tags: HeadTag[], doc: Document = document): void {
  for (const old of doc.head.querySelectorAll('[data-head]')) old.remove();
  for (const t of tags) {
    if (t.tag === 'title') {
      doc.title = t.text;
      continue;
    }
    const el = doc.createElement(t.tag);
    for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
    el.setAttribute('data-head', '');
    if (t.tag === 'script') el.textContent = t.text;
    doc.head.append(el);
  }
}
