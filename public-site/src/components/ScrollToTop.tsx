import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { splitLanguage } from '../lib/paths';

/** A new page starts at the top, like a classic page load; the same page in another language keeps its place. */
export function ScrollToTop() {
  const { path } = splitLanguage(useLocation().pathname);
  const first = useRef(true);
  useEffect(() => {
    // The first page is where the browser put it (top, or a restored position on reload).
    if (first.current) first.current = false;
    else window.scrollTo(0, 0);
  }, [path]);
  return null;
}
