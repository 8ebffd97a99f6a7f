import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  PREFLIGHT_CONFIG as config,
  SESSION_COOKIE_NAME,
  THEME_STORAGE_KEY,
} from '@union/shared/constants';
import preflight, { type PreflightWindow } from './preflight';

/** A page at `url` with `stored` in localStorage; records where preflight sends it. */
function visit(url: string, stored: Record<string, string> = {}, cookie = '', blockedStorage = false) {
  const u = new URL(url, 'https://union.example');
  const classes = new Set(['dark']);
  const attributes = new Map<string, string>();
  const meta = { content: '', setAttribute: (_: string, v: string) => (meta.content = v) };
  const storage = new Map(Object.entries(stored));
  const seen = { replaced: null as string | null, rewritten: null as string | null };
  const win = {
    document: {
      documentElement: {
        classList: {
          toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)),
          add: (c: string) => classes.add(c),
        },
        style: {} as Record<string, string>,
        setAttribute: (k: string, v: string) => attributes.set(k, v),
      },
      cookie,
      querySelector: () => meta,
    },
    location: { pathname: u.pathname, search: u.search, hash: u.hash, replace: (to: string) => (seen.replaced = to) },
    history: { state: null, replaceState: (_s: unknown, _u: string, to: string) => (seen.rewritten = to) },
    localStorage: {
      getItem: (k: string) => {
        if (blockedStorage) throw new Error('blocked');
        return storage.get(k) ?? null;
      },
      setItem: (k: string, v: string) => {
        if (blockedStorage) throw new Error('blocked');
        storage.set(k, v);
      },
    },
  } as unknown as PreflightWindow;
  preflight(config, win);
  const root = win.document.documentElement as unknown as { style: Record<string, string> };
  return {
    ...seen,
    classes,
    meta: meta.content,
    storage,
    hidden: root.style.visibility === 'hidden',
    leaving: attributes.has('data-leaving'),
  };
}

describe('preflight: the language before the first paint', () => {
  it('leaves a page in the language of its URL when nothing is saved (crawlers, first visits)', () => {
    expect(visit('/events')).toMatchObject({ replaced: null, rewritten: null });
    expect(visit('/en/events')).toMatchObject({ replaced: null, rewritten: null });
    expect(visit('/tr')).toMatchObject({ replaced: null, rewritten: null });
  });

  it('sends a visitor to the same page in their saved language, hidden meanwhile', () => {
    expect(visit('/events/abc?x=1#top', { [LANGUAGE_STORAGE_KEY]: 'en' })).toMatchObject({
      replaced: '/en/events/abc?x=1#top',
      hidden: true,
      leaving: true,
    });
    expect(visit('/en/library', { [LANGUAGE_STORAGE_KEY]: 'ar' }).replaced).toBe('/library');
    expect(visit('/tr', { [LANGUAGE_STORAGE_KEY]: 'ar' }).replaced).toBe('/');
    expect(visit('/', { [LANGUAGE_STORAGE_KEY]: 'tr' }).replaced).toBe('/tr');
    expect(visit('/en/about', { [LANGUAGE_STORAGE_KEY]: 'en' })).toMatchObject({ replaced: null, hidden: false });
  });

  it('obeys ?lng= over the saved choice, saves it and drops it from the address', () => {
    const moved = visit('/events?lng=tr&x=1', { [LANGUAGE_STORAGE_KEY]: 'en' });
    expect(moved.replaced).toBe('/tr/events?x=1');
    expect(moved.storage.get(LANGUAGE_STORAGE_KEY)).toBe('tr');
    const same = visit('/en/events?lng=en');
    expect(same).toMatchObject({ replaced: null, rewritten: '/en/events' });
  });

  it('ignores an unknown ?lng= or saved value', () => {
    expect(visit('/events?lng=fr')).toMatchObject({ replaced: null, rewritten: null });
    expect(visit('/en/events', { [LANGUAGE_STORAGE_KEY]: 'de' }).replaced).toBeNull();
  });

  it('works when storage is blocked: the URL decides', () => {
    expect(visit('/en/events?lng=tr', {}, '', true).replaced).toBe('/tr/events');
    expect(visit('/events', {}, '', true)).toMatchObject({ replaced: null, classes: new Set(['dark']) });
  });
});

describe('preflight: theme and staff marker', () => {
  it('is dark by default and light when saved, with the matching theme colour', () => {
    expect(visit('/')).toMatchObject({ classes: new Set(['dark']), meta: '#111827' });
    expect(visit('/', { [THEME_STORAGE_KEY]: 'light' })).toMatchObject({ classes: new Set(), meta: '#ffffff' });
  });

  it('marks a signed-in staff member from the console cookie', () => {
    expect(visit('/', {}, `a=b; ${SESSION_COOKIE_NAME}=1`).classes.has('staff')).toBe(true);
    expect(visit('/', {}, `${SESSION_COOKIE_NAME}=0`).classes.has('staff')).toBe(false);
  });
});
