import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Language } from '@union/shared/constants';
import { RenderedUrlContext } from './hydration';

// The <head> of a page: title, description, canonical URL, hreflang alternates, Open Graph and
// Twitter cards, JSON-LD. A page declares what it knows (usePageHead); the prerender writes the
// tags into the HTML (lib/headTags.ts builds them), and in the browser they are replaced on every
// client-side navigation.

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

const HeadContext = createContext<HeadContextValue | null>(null);

export function HeadProvider({ value, children }: { value: HeadContextValue; children: ReactNode }) {
  return <HeadContext.Provider value={value}>{children}</HeadContext.Provider>;
}

/** Declares the page's head; call it once per page, with what the page currently knows. */
export function usePageHead(page: PageHeadInput): void {
  const ctx = useContext(HeadContext);
  if (!ctx) throw new Error('usePageHead needs a HeadProvider');
  const { collect, ...rest } = ctx;
  // Prerendering runs no effects: the page's head is handed over while it renders.
  collect?.(page, rest);
  const key = JSON.stringify([page, rest]);
  const hydrating = useContext(RenderedUrlContext) !== null;
  useEffect(() => {
    // Hydrating a prerendered page, the head in the document was built from this very input (the
    // same texts and data): replacing it would only be work and churn. Later heads are applied,
    // once their module has arrived, unless another page's head was declared meanwhile.
    if (shownHead === undefined && hydrating) shownHead = key;
    if (key === shownHead) return;
    shownHead = key;
    const [input, context] = JSON.parse(key) as [PageHeadInput, HeadPageContext];
    void import('./headTags').then(({ applyHeadTags, headTags }) => {
      if (shownHead === key) applyHeadTags(headTags(input, context));
    });
  }, [key, hydrating]);
}

/** The input of the head in the document, once known (undefined until the first page's effect). */
let shownHead: string | undefined;
