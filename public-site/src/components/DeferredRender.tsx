import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a task of their own, just after the first screen is painted. Content
 * below the fold (the home page's lower blocks, the footer) then no longer lengthens the first
 * render, which on a slow phone keeps the page responsive while it starts. Nothing visible moves:
 * the children are added below what is already on screen.
 */
export function DeferredRender({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true));
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
