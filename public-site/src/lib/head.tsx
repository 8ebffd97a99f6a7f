import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '@union/shared/constants';
import { RenderedUrlContext } from './hydration';
import { alternatePaths, localizedPath } from './paths';
import { newsFeedPath } from '../features/news/feedPath';

// The <head> of a page: title, description, canonical URL, hreflang alternates, Open Graph and
// Twitter cards, JSON-LD. A page declares what it knows (usePageHead); the prerender writes the
// tags into the HTML, and in the browser they are replaced on every client-side navigation.

export interface PageHeadInput {
  /** The page's own title; the site name is appended unless this is the site name. */
  title: string;
  description: string;
  /** Preview image (absolute URL, or a path on this site); the site's default otherwise. */
  image?: string | null;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Record<string, unknown>;
  /** Pages not worth listing in search results (not found, the sign-in redirect). */
  noindex?: boolean;
  /** An article (a news item) rather than a page of the site: og:type and its publication time. */
  article?: { publishedTime: string; modifiedTime: string };
}

/** What a page's head needs beyond the page itself; provided once per render by App. */
export interface HeadContextValue {
  /** Absolute origin of the public site, e.g. https://union.example (canonical URLs must be absolute). */
  origin: string;
  siteName: string;
  /** The title of the language's news feed, advertised on every page (rel="alternate"). */
  feedTitle?: string;
  lang: Language;
  /** The route path inside the language, e.g. '/events/123'. */
  path: string;
  /** Server: receives the head of the page being prerendered. */
  collect?: (tags: HeadTag[]) => void;
}

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };

/** Open Graph locales of the three languages. */
const OG_LOCALES: Record<Language, string> = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' };

/** The site's own preview image (public/og-image.jpg, drawn by scripts/generate-images.ts). */
const DEFAULT_SHARE_IMAGE = { url: '/og-image.jpg', width: 1200, height: 630 };

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

export function headTags(page: PageHeadInput, ctx: Omit<HeadContextValue, 'collect'>): HeadTag[] {
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

const escapeHtml = (value: string) =>
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
function applyHeadTags(tags: HeadTag[], doc: Document = document): void {
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

const HeadContext = createContext<HeadContextValue | null>(null);

export function HeadProvider({ value, children }: { value: HeadContextValue; children: ReactNode }) {
  return <HeadContext.Provider value={value}>{children}</HeadContext.Provider>;
}

/** Declares the page's head; call it once per page, with what the page currently knows. */
export function usePageHead(page: PageHeadInput): void {
  const ctx = useContext(HeadContext);
  if (!ctx) throw new Error('usePageHead needs a HeadProvider');
  const { collect, ...rest } = ctx;
  const tags = headTags(page, rest);
  // Prerendering runs no effects: the page's head is handed over while it renders.
  collect?.(tags);
  const key = JSON.stringify(tags);
  const hydrating = useContext(RenderedUrlContext) !== null;
  useEffect(() => {
    // Hydrating a prerendered page, the head in the document is made of these very tags (the same
    // texts and data): replacing them would only be work and churn. Later heads are applied.
    if (shownHead === undefined && hydrating) shownHead = key;
    if (key === shownHead) return;
    applyHeadTags(JSON.parse(key) as HeadTag[]);
    shownHead = key;
  }, [key, hydrating]);
}

/** The tags of the head in the document, once known (undefined until the first page's effect). */
let shownHead: string | undefined;
