import { describe, expect, it } from 'vitest';
import { memoryStore } from 'react-admin';
import { THEME_STORAGE_KEY } from '@union/shared/constants';
import { sharedThemeStore } from './store';

const fakeStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
};

describe('sharedThemeStore', () => {
  it('reads the theme the public site saved, over the console’s own', () => {
    const base = memoryStore({ theme: 'dark' });
    const store = sharedThemeStore(base, fakeStorage({ [THEME_STORAGE_KEY]: 'light' }));
    expect(store.getItem('theme', 'dark')).toBe('light');
  });

  it('falls back to react-admin’s value without a (valid) saved choice', () => {
    expect(sharedThemeStore(memoryStore(), fakeStorage()).getItem('theme', 'dark')).toBe('dark');
    expect(
      sharedThemeStore(memoryStore(), fakeStorage({ [THEME_STORAGE_KEY]: 'purple' })).getItem('theme', 'dark'),
    ).toBe('dark');
  });

  it('saves the console’s choice for the site, and only the theme', () => {
    const storage = fakeStorage();
    const store = sharedThemeStore(memoryStore(), storage);
    store.setup();
    store.setItem('theme', 'light');
    store.setItem('locale', 'tr');
    expect(Object.fromEntries(storage.values)).toEqual({ [THEME_STORAGE_KEY]: 'light' });
    expect(store.getItem('theme')).toBe('light');
    expect(store.getItem('locale')).toBe('tr');
  });
});
