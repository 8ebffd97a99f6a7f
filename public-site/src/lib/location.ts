import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';

/**
 * wouter's browser location, except that following a link to the page already shown replaces
 * the history entry instead of adding one (as react-router and plain page loads do), so Back
 * never seems to do nothing.
 */
const navigate: typeof browserNavigate = (to, options) => {
  const target = new URL(to, window.location.href);
  const same = target.pathname === window.location.pathname && target.search === window.location.search;
  browserNavigate(to, { ...options, replace: options?.replace || same });
};

export function useAppLocation(): [string, typeof navigate] {
  return [useBrowserLocation()[0], navigate];
}
