import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** A new page starts at the top, like a classic page load. */
export function ScrollToTop() {
  const [pathname] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page is where the browser put it (top, or a restored position on reload).
    if (first.current) first.current = false;
    else window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
