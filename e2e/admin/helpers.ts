import type { Page } from '@playwright/test';
import { expect, urls } from '../harness/fixtures';

export type Lang = 'ar' | 'en' | 'tr';

/** Opens the console in a language (the saved choice it shares with the public site). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => window.localStorage.setItem('union.language', l), lang);
}

/** Signs in through the console's own sign-in page and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(urls.admin);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-success')).toBeVisible();
  await expect(page.getByTestId('tile-events')).toBeVisible({ timeout: 45_000 });
}

/** Clicks the confirm button of react-admin's confirmation dialog. */
export async function confirmDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: /confirm|تأكيد|onayla/i }).click();
}

/** A unique marker for rows a test creates. */
export const marker = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

export const PHOTO = new URL('../../supabase/seed-images/event-culture.png', import.meta.url).pathname;
export const PHOTO_2 = new URL('../../supabase/seed-images/event-workshop.png', import.meta.url).pathname;
