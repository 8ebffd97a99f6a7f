import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

// Some pages are served for many addresses: a host answers an unknown path with a "not found"
// page, and an event added after the build with the events fallback page. Their HTML was rendered
// for one address (/404, /events/404); hydration must see that address, and right after it the
// real one takes over.

/** The address the HTML being hydrated was rendered for (null when the page was rendered here). */
export const RenderedUrlContext = createContext<string | null>(null);

const subscribeNever = () => () => {};

/**
 * The current pathname, except during hydration, when it is the one the HTML was rendered for.
 * Read as an external store whose server value is that address: after hydration React compares
 * it with the current one and renders again only when they differ (a not-found or fallback page).
 * A "hydrated" flag read the same way re-rendered every user after every hydration.
 */
export function usePathnameForRender(): string {
  const { pathname } = useLocation();
  const rendered = useContext(RenderedUrlContext);
  return useSyncExternalStore(
    subscribeNever,
    () => pathname,
    () => rendered ?? pathname,
  );
}
