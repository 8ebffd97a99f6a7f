import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@union/shared/preferences';

// The URL scheme: every page exists once per language. Arabic, the default, lives at the root
// (/, /events, /events/<id>); English and Turkish under their code (/en, /en/events, /tr/events).
// src/preflight.ts applies the same scheme before the first paint (it cannot import this file).

/** '' for Arabic, '/en' and '/tr' for the others. */
export const languagePrefix = (lang: Language): string => (lang === DEFAULT_LANGUAGE ? '' : `/${lang}`);

/** The language a pathname is in, and the route path inside that language ('/' for its home page). */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const code = /^\/([a-z]{2})(?=\/|$)/i.exec(pathname)?.[1]?.toLowerCase();
  if (code !== DEFAULT_LANGUAGE && isLanguage(code)) return { lang: code, path: pathname.slice(3) || '/' };
  return { lang: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** A route path in a language: ('en', '/events') → '/en/events'; the home pages are '/', '/en' and '/tr'. */
export function localizedPath(lang: Language, path: string): string {
  const prefix = languagePrefix(lang);
  return path === '/' || path === '' ? prefix || '/' : `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The same page in every language, in the order of LANGUAGES. */
export const alternatePaths = (path: string): { lang: Language; path: string }[] =>
  LANGUAGES.map((lang) => ({ lang, path: localizedPath(lang, path) }));
