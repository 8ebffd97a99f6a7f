// What must happen before the first paint, on every page: the saved theme, the staff marker, and
// the visitor's language. vite.config.ts inlines this function into <head> (transpiled to plain
// JavaScript and called with the values from @union/shared/constants), so it must stay
// self-contained: no imports, no outer names, syntax every browser with module scripts runs.

export interface PreflightConfig {
  languages: readonly string[];
  defaultLanguage: string;
  languageKey: string;
  themeKey: string;
  defaultTheme: string;
  themeColors: Record<string, string>;
  staffCookie: string;
}

/** The parts of `window` preflight touches (a fake in the unit tests). */
export interface PreflightWindow {
  document: { documentElement: HTMLElement; cookie: string; querySelector(selector: string): Element | null };
  location: { pathname: string; search: string; hash: string; replace(url: string): void };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  localStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Language: `?lng=` (which also becomes the saved choice), then the saved choice, then the
 * language of the page's own URL. When the visitor's language is not the page's, the page is
 * replaced by the same page in their language before anything is painted, so a saved English
 * visitor following an Arabic link never sees Arabic flash. Without storage (private mode,
 * crawlers) the URL decides.
 */
export default function preflight(config: PreflightConfig, win: PreflightWindow): void {
  const root = win.document.documentElement;
  const read = (key: string): string | null => {
    try {
      return win.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const known = (lang: string | null): lang is string => lang !== null && config.languages.indexOf(lang) >= 0;

  const savedTheme = read(config.themeKey);
  const theme = savedTheme === 'light' || savedTheme === 'dark' ? savedTheme : config.defaultTheme;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const themeColor = win.document.querySelector('meta[name="theme-color"]');
  if (themeColor) themeColor.setAttribute('content', config.themeColors[theme]!);

  // A marker the console sets while staff are signed in: the header shows the console link.
  if (win.document.cookie.split(';').some((part) => part.trim() === config.staffCookie + '=1'))
    root.classList.add('staff');

  const loc = win.location;
  const match = /^\/([a-zA-Z]{2})(?=\/|$)/.exec(loc.pathname);
  const code = match ? match[1]!.toLowerCase() : null;
  const prefixed = known(code) && code !== config.defaultLanguage;
  const pageLang = prefixed ? code! : config.defaultLanguage;
  const path = prefixed ? loc.pathname.slice(3) || '/' : loc.pathname;

  const params = new URLSearchParams(loc.search);
  const asked = params.get('lng');
  if (known(asked)) {
    try {
      win.localStorage.setItem(config.languageKey, asked);
    } catch {
      /* not saved: it still applies to this page */
    }
    params.delete('lng');
  }
  const saved = read(config.languageKey);
  const lang = known(asked) ? asked : known(saved) ? saved : pageLang;
  if (lang === pageLang && !known(asked)) return;

  const prefix = lang === config.defaultLanguage ? '' : '/' + lang;
  const query = params.toString();
  const target = (path === '/' ? prefix || '/' : prefix + path) + (query ? '?' + query : '') + loc.hash;
  if (lang === pageLang) {
    win.history.replaceState(win.history.state, '', target);
    return;
  }
  // The page keeps loading until the other one arrives: nothing of it may be painted or started.
  root.style.visibility = 'hidden';
  root.setAttribute('data-leaving', '');
  loc.replace(target);
}
