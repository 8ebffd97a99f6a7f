import { THEME_COLORS, THEME_STORAGE_KEY, type Theme } from '@union/shared/preferences';

// index.html applies the saved theme before the first paint; this module keeps it in sync afterwards.

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* not saved: applies to this visit */
  }
}
