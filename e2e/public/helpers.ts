import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { Database } from '@union/shared/database.types';
import { ar } from '@union/shared/i18n/public/ar';
import { en } from '@union/shared/i18n/public/en';
import { tr } from '@union/shared/i18n/public/tr';

export const texts = { ar, en, tr };
export type Lang = keyof typeof texts;

/** A route path ('/events') at its address in a language: '/events', '/en/events', '/tr/events'. */
export const localized = (lang: Lang, path: string): string =>
  lang === 'ar' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`;

/**
 * Opens a route at its address in a language, with `?lng=` so that the language also becomes
 * the saved choice (a choice saved by an earlier test would otherwise send the page elsewhere),
 * and waits until React has taken the page over (its scripts start after the first paint, and
 * a button clicked before does nothing yet).
 */
export async function open(page: Page, path: string, lang: Lang): Promise<void> {
  const [pathname, query] = path.split('?');
  await page.goto(`${localized(lang, pathname!)}?${query ? `${query}&` : ''}lng=${lang}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await hydrated(page);
}

/**
 * The page's own read of `table` (`select=*`), which refreshes its prerendered data after
 * hydration. Await it with `open` (`Promise.all`) before a test changes that table behind the
 * page's back: a change made before the read lands would be shown by the page itself, not
 * refused by the database as the test means.
 */
export const pageRead = (page: Page, table: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      response.request().method() === 'GET' &&
      url.pathname.endsWith(`/rest/v1/${table}`) &&
      url.searchParams.get('select') === '*'
    );
  });

/** Waits until React has taken the page over (`<html data-hydrated>`, src/entry-client.tsx). */
export const hydrated = (page: Page): Promise<void> =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/**
 * The errors and warnings the page logs from now on, and its uncaught errors: what React's
 * development runtime reports about a hydration mismatch.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text().slice(0, 300)));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * Holds the page's scripts until the returned function is called, as on a slow phone between the
 * first paint and hydration.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The seed's demo data, found by its properties rather than hard-coded ids. */
export async function demo(service: SupabaseClient<Database>) {
  const now = new Date().toISOString();
  const { data: events, error } = await service.from('events').select('*').order('starts_at');
  if (error) throw error;
  const upcoming = events!.filter((e) => e.starts_at > now);
  const { data: students } = await service.from('students').select('*');
  const { data: books } = await service.from('books').select('*');
  const pick = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the seed has no ${what}`);
    return value;
  };
  return {
    openEvent: pick(
      upcoming.find((e) => e.registration_open),
      'open upcoming event',
    ),
    closedEvent: pick(
      upcoming.find((e) => !e.registration_open),
      'closed upcoming event',
    ),
    pastEvent: pick(
      events!.find((e) => e.starts_at < now),
      'past event',
    ),
    student: pick(
      students!.find((s) => s.enabled),
      'enabled student',
    ),
    disabledStudent: pick(
      students!.find((s) => !s.enabled),
      'disabled student',
    ),
    availableBook: pick(
      books!.find((b) => b.available),
      'available book',
    ),
    unavailableBook: pick(
      books!.find((b) => !b.available),
      'unavailable book',
    ),
  };
}

/** The database limits submissions per client, student number and email (docs/permissions.md "Limits"); tests send many. */
export async function resetRateLimit(db: pg.Client): Promise<void> {
  await db.query('delete from private.submission_attempts');
}

/** A name no other test uses, to find exactly this test's submission. */
export const uniqueName = (label: string) =>
  `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A student number nobody has (the register holds 10-digit numbers). */
export const unknownStudentNumber = '9999999999';

/** A localized jsonb column, typed (the generated types say Json). */
export const L = (value: unknown) => value as { en: string; ar: string; tr: string };
