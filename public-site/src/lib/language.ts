import { LANGUAGE_STORAGE_KEY, isRtl, type Language } from '@union/shared/preferences';

/** The visitor's choice, read before the first paint by src/preflight.ts on the next visit. */
export function saveLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* not saved: the choice still applies to this visit */
  }
}

/**
 * Sets `<html lang dir>`. Only what differs is written: a write of either, even of the value it
 * already has, makes the browser style and lay out the whole page again (the stylesheet's
 * `[dir=rtl] *` rules; the language of every text), 10–17 ms each with the CPU slowed 4×, and
 * right after hydration the prerendered page already carries both.
 */
export function applyDocumentLanguage(lang: Language): void {
  const root = document.documentElement;
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  if (root.lang !== lang) root.lang = lang;
  if (root.dir !== dir) root.dir = dir;
}
