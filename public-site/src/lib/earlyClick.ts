// A tap on a button before React has taken the page over (on a slow phone, the seconds between
// the first paint and hydration: the menu, the theme, the language menu) would be lost: React
// hears events only from `hydrateRoot` on. The inline loader (src/start-scripts.ts) keeps it
// instead, marking the button; the app takes the mark just before hydrating and clicks the button
// again once its handler is there (src/entry-client.tsx). The parts of a page that hydrate later
// (lib/deferred.tsx) have no button in their HTML today: one there would be hydrated by React's
// own replay, or dropped if its chunk has not arrived.

/** The attributes the inline loader and the app agree on. */
export const EARLY_CLICK = {
  /** On <html> from just before `hydrateRoot`: React hears clicks itself from then on. */
  hydrating: 'data-hydrating',
  /** On the button last clicked before that, with aria-busy (styles.css dims it, by this name). */
  pending: 'data-early-click',
} as const;

/**
 * Called just before `hydrateRoot` (or `createRoot`): stops the loader keeping clicks and returns
 * the button clicked meanwhile, its mark removed so that hydration finds the HTML as rendered.
 */
export function takeEarlyClick(doc: Pick<Document, 'documentElement' | 'querySelector'>): HTMLElement | null {
  doc.documentElement.setAttribute(EARLY_CLICK.hydrating, '');
  const button = doc.querySelector<HTMLElement>(`[${EARLY_CLICK.pending}]`);
  button?.removeAttribute(EARLY_CLICK.pending);
  button?.removeAttribute('aria-busy');
  return button;
}
