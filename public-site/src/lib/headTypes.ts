import type { Language } from '@union/shared/constants';

// The types of a page's head, apart from lib/head.tsx: lib/headTags.ts builds the tags from them,
// and head.tsx loads headTags.ts, so a type imported back from head.tsx would close a circle.

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
  collect?: CollectHead;
}

/** The context of a page's head without the prerender's hook. */
export type HeadPageContext = Omit<HeadContextValue, 'collect'>;

/** Server: receives what the page being prerendered declares of its head (lib/headTags.ts builds the tags). */
export type CollectHead = (page: PageHeadInput, ctx: HeadPageContext) => void;

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };
