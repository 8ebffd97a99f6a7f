import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { RenderedUrlContext } from './hydration';
import type { HeadContextValue, HeadPageContext, PageHeadInput } from './headTypes';

// The <head> of a page: title, description, canonical URL, hreflang alternates, Open Graph and
// Twitter cards, JSON-LD. A page declares what it knows (usePageHead); the prerender writes the
// tags into the HTML (lib/headTags.ts builds them), and in the browser they are replaced on every
// client-side navigation.

export type { CollectHead, HeadContextValue, HeadPageContext, HeadTag, PageHeadInput } from './headTypes';

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
