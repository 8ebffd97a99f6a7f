import { localStorageStore, type Store } from 'react-admin';
import { THEME_STORAGE_KEY, THEMES, type Theme } from '@union/shared/constants';

type Preferences = Pick<Storage, 'getItem' | 'setItem'>;

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

const browserStorage = (): Preferences | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the console keeps its own choice in memory
  }
};

/**
 * react-admin's store, with its `theme` entry kept where the public site keeps the visitor's
 * choice (`union.theme`, shared/src/preferences.ts): light or dark picked on the site is the
 * console's too, and a change in the console carries back to the site. Everything else
 * stays in react-admin's own keys.
 */
export function sharedThemeStore(
  base: Store = localStorageStore(),
  preferences: Preferences | null = browserStorage(),
): Store {
  const readTheme = (): Theme | null => {
    try {
      const saved = preferences?.getItem(THEME_STORAGE_KEY);
      return isTheme(saved) ? saved : null;
    } catch {
      return null;
    }
  };
  return {
    ...base,
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (key === 'theme') {
        const theme = readTheme();
        if (theme) return theme as T;
      }
      return base.getItem(key, defaultValue);
    },
    setItem<T>(key: string, value: T) {
      if (key === 'theme' && isTheme(value)) {
        try {
          preferences?.setItem(THEME_STORAGE_KEY, value);
        } catch {
          /* storage blocked: react-admin's store still has it */
        }
      }
      base.setItem(key, value);
    },
  };
}
