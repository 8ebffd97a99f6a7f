// Languages, themes and the keys under which a visitor's choices are kept: what the public
// site's pre-paint script (public-site/src/preflight.ts, inlined by its vite.config.ts) needs.
// Kept free of imports so that the Vite config and the Edge Functions (Deno, which needs file
// extensions: format.ts imports it as './preferences.ts') can load it directly; constants.ts
// re-exports it.

export const LANGUAGES = ['ar', 'en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';
const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const isRtl = (lang: string): boolean => (RTL_LANGUAGES as readonly string[]).includes(lang);
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Intl locales per language. ar-PS: Arabic-Indic digits and the Levantine month names Palestinians
 *  write («١٠ آذار ٢٠٢٦», not ar-EG's «مارس»): docs/decisions.md, "Languages and looks". */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-PS', tr: 'tr-TR' };

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
/** `<meta name="theme-color">` per theme. */
export const THEME_COLORS: Record<Theme, string> = { dark: '#111827', light: '#ffffff' };

export const LANGUAGE_STORAGE_KEY = 'union.language';
export const THEME_STORAGE_KEY = 'union.theme';
export const SESSION_COOKIE_NAME = 'union_console_session';

/** What the public site's pre-paint script is given (public-site/src/preflight.ts, PreflightConfig). */
export const PREFLIGHT_CONFIG = {
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  languageKey: LANGUAGE_STORAGE_KEY,
  themeKey: THEME_STORAGE_KEY,
  defaultTheme: DEFAULT_THEME,
  themeColors: THEME_COLORS,
  staffCookie: SESSION_COOKIE_NAME,
};
