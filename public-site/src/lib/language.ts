import { LANGUAGE_STORAGE_KEY, isRtl, type Language } from '@union/shared/preferences';

/** The visitor's choice, read before the first paint by src/preflight.ts on the next visit. */
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
