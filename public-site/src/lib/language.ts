import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, isRtl, type Language } from '@union/shared/constants';

/**
 * decisions.md: `?lng=` first, then the visitor's saved choice, then Arabic.
 * The browser's language is deliberately ignored: the union's audience expects Arabic first.
 */
export function detectLanguage(search: string, saved: string | null): Language {
  const fromQuery = new URLSearchParams(search).get('lng');
  if (isLanguage(fromQuery)) return fromQuery;
  if (isLanguage(saved)) return saved;
  return DEFAULT_LANGUAGE;
}

export function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (private mode, embedded views)
  }
}

export function saveLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* not saved: the choice still applies to this visit */
  }
}

export function applyDocumentLanguage(lang: Language): void {
  const root = document.documentElement;
  root.lang = lang;
  root.dir = isRtl(lang) ? 'rtl' : 'ltr';
}
