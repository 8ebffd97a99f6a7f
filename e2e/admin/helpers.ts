import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { IMAGE_MAX_SIDE, imageVariants, publicImageUrl, storedImagePaths } from '@union/shared/storage';
import { expect, urls } from '../harness/fixtures';

export type Lang = 'ar' | 'en' | 'tr';

/** Opens the console in a language (the saved choice it shares with the public site). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => window.localStorage.setItem('union.language', l), lang);
}

type Account = { email: string; password: string };

/**
 * Signs in through the console's own sign-in page and waits for the dashboard: for the tests of
 * signing in and of what it does (the session cookie, the language saved on the account).
 */
export async function signInWithForm(page: Page, account: Account) {
  await page.goto(urls.admin);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('login-success')).toBeVisible();
  await expect(page.getByTestId('tile-events')).toBeVisible({ timeout: 45_000 });
}

/** Each signIn's session is stored once, however often the page navigates: a later sign-out holds. */
let sessions = 0;

/**
 * Signs in through the auth API and opens the console with that session where the console keeps
 * it (admin-console/src/providers/sessionKey.ts), as a console opened again finds it; waits for
 * the dashboard. A new session each time. It skips the sign-in page and its one-second message,
 * which signInWithForm and access.spec.ts test.
 */
export async function signIn(page: Page, account: Account) {
  const client = createClient(urls.api, process.env.SUPABASE_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  const key = `sb-${new URL(urls.api).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([origin, key, value, n]) => {
      if (window.location.origin !== origin || Number(sessionStorage.getItem('e2e.session') ?? 0) >= Number(n)) return;
      sessionStorage.setItem('e2e.session', n!);
      localStorage.setItem(key!, value!);
    },
    [new URL(urls.admin).origin, key, JSON.stringify(data.session), String(++sessions)],
  );
  await page.goto(urls.admin);
  await expect(page.getByTestId('tile-events')).toBeVisible({ timeout: 45_000 });
}

/**
 * Clicks the confirm button of react-admin's confirmation dialog, after checking that it says
 * what it does (`name`: «Reject», «Delete», «Restore»), never a generic «Confirm».
 */
export async function confirmDialog(page: Page, name: string) {
  const button = page.getByRole('dialog').locator('button.ra-confirm');
  await expect(button).toHaveText(name);
  await button.click();
}

/** A unique marker for rows a test creates. */
export const marker = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A demo picture (WebP, 1600x900, from supabase/seed-images). */
export const PHOTO = new URL('../../supabase/seed-images/event-workshop-1600x900.webp', import.meta.url).pathname;

/**
 * A phone camera's photo: a 4032x3024 JPEG of fine grain, drawn in the page's canvas, larger
 * than the 5 MB upload limit until the console reduces it.
 */
export async function phonePhoto(
  page: Page,
  name = 'IMG_2041.jpg',
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 4032;
    canvas.height = 3024;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 4032, 3024);
    sky.addColorStop(0, '#ce1126');
    sky.addColorStop(1, '#007a3d');
    context.fillStyle = sky;
    context.fillRect(0, 0, 4032, 3024);
    // Grain as a camera sensor's: what makes a phone's JPEG weigh megabytes.
    const pixels = context.getImageData(0, 0, 4032, 3024);
    let seed = 1;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      pixels.data[i] ^= seed & 0x3f;
      pixels.data[i + 1] ^= (seed >> 8) & 0x3f;
      pixels.data[i + 2] ^= (seed >> 16) & 0x3f;
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1]!;
  });
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/**
 * Checks what the console stored for a saved photo: the main image (WebP, longest side at most
 * 1600 px) and its small variant, each at the size its name states (decoded by the browser).
 * Returns every stored object's path.
 */
export async function expectResizedPhoto(page: Page, path: string): Promise<string[]> {
  const variants = imageVariants(path);
  expect(variants?.small, path).toBeTruthy();
  const { main, small } = variants!;
  expect(Math.max(main.width, main.height)).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
  for (const object of [main, small!]) {
    const res = await fetch(publicImageUrl({ supabaseUrl: urls.api }, object.path)!);
    expect(res.status, object.path).toBe(200);
    expect(res.headers.get('content-type'), object.path).toMatch(/^image\/webp/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('ascii', 0, 4) + bytes.toString('ascii', 8, 12), object.path).toBe('RIFFWEBP');
    const decoded = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))]));
      return { width: bitmap.width, height: bitmap.height };
    }, bytes.toString('base64'));
    expect(decoded, object.path).toEqual({ width: object.width, height: object.height });
  }
  return storedImagePaths(path);
}
