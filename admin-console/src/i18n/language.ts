import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  isRtl,
  THEME_COLORS,
  type Language,
} from '@union/shared/constants';

/** `?lng=` first, then the saved choice (shared with the public site), then Arabic. */
export function initialLanguage(): Language {
  const fromUrl = new URLSearchParams(window.location.search).get('lng');
  if (isLanguage(fromUrl)) return fromUrl;
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    /* storage blocked: use the default */
  }
  return DEFAULT_LANGUAGE;
}

export function applyLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
}

export function applyThemeColor(mode: 'dark' | 'light'): void {
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[mode]);
}
