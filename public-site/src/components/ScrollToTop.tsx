import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top, like a classic page load. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return null;
}
