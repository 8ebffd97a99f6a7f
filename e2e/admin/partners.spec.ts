import type { Browser, Locator, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '@union/shared/database.types';
import { ar } from '@union/shared/i18n/public/ar';
import { en } from '@union/shared/i18n/public/en';
import { demoAccounts, expect, test, urls } from '../harness/fixtures';
import { expectResizedPhoto, marker, signIn, useLanguage } from './helpers';

// Partners, the organisations the union works with: the seed's three on the prerendered about
// page with their logos and their websites' links; an editor adds one with a logo in the console,
// and the site republishes it by itself; an editor deletes none (only superadmins delete content).

const site = { ar: { path: '/about', t: ar }, en: { path: '/en/about', t: en } };

/** The seed's partners (supabase/seed.sql), in the order staff set; the third has no website. */
const DEMO = [
  {
    en: 'International Relations Office',
    ar: 'مكتب العلاقات الدولية',
    url: 'https://example.org/international-office',
  },
  { en: 'Palestinian Heritage Association', ar: 'جمعية التراث الفلسطيني', url: 'https://example.org/heritage' },
  { en: 'Student Food Bank', ar: 'بنك الطعام الطلابي', url: null },
];

/** A square logo as an organisation sends one (a demo picture from supabase/seed-images). */
const LOGO = new URL('../../supabase/seed-images/partner-2-800x800.webp', import.meta.url).pathname;

const cards = (page: Page) => page.getByTestId('partner');

/** Its logo has real pixels (decoded, not the fallback). */
async function expectLogoLoaded(card: Locator) {
  const logo = card.locator('img');
  await logo.scrollIntoViewIfNeeded();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Its name links to its website in a new tab, and says so to a screen reader. */
async function expectWebsiteLink(card: Locator, name: string, url: string, opensNewTab: string) {
  const link = card.getByRole('link', { name: `${name} ${opensNewTab}` });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(link.locator('.sr-only')).toHaveText(opensNewTab);
}

/** The about page as the site serves it, in a browser without JavaScript: the prerendered HTML alone. */
async function openPrerendered(browser: Browser, path: string) {
  const context = await browser.newContext({ baseURL: urls.public, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

test.describe('partners', () => {
  // The machine is shared; a journey with an upload and a publish can take a while.
  test.describe.configure({ timeout: 180_000 });

  test('the prerendered about page shows the demo partners with their logos and website links, in Arabic and English', async ({
    browser,
    page,
    request,
  }) => {
    for (const lang of ['ar', 'en'] as const) {
      const { path, t } = site[lang];
      const html = await (await request.get(path)).text();
      for (const partner of DEMO) expect(html, `${path} in the HTML`).toContain(partner[lang]);

      const prerendered = await openPrerendered(browser, path);
      const shown = cards(prerendered.page);
      await expect(prerendered.page.getByRole('heading', { name: t.about.partnersTitle })).toBeVisible();
      await expect(shown.locator('h3')).toHaveText(
        DEMO.map((p) => (p.url ? `${p[lang]} ${t.common.opensNewTab}` : p[lang])),
      );
      for (const [i, partner] of DEMO.entries()) {
        const card = shown.nth(i);
        await expectLogoLoaded(card);
        if (partner.url) await expectWebsiteLink(card, partner[lang], partner.url, t.common.opensNewTab);
        else await expect(card.getByRole('link')).toHaveCount(0);
      }
      await prerendered.close();
    }

    // Once React has the page, the link opens the partner's site in a new tab (answered here: no
    // network at run time).
    await page
      .context()
      .route('https://example.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }),
      );
    await page.goto('/en/about?lng=en');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const [tab] = await Promise.all([page.waitForEvent('popup'), cards(page).first().getByRole('link').click()]);
    await expect(tab).toHaveURL(DEMO[0]!.url!);
    await expect(page).toHaveURL(/\/en\/about/);
  });

  test('an editor adds a partner with a logo, the site publishes it, and the editor cannot delete it', async ({
    page,
    request,
    service,
  }) => {
    const name = marker('E2E partner');
    const names = { en: name, ar: `شريك ${name}`, tr: `Ortak ${name}` };
    const website = `https://example.org/${name.toLowerCase().replace(/\s+/g, '-')}`;

    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    await page.goto(`${urls.admin}partners/create`);
    for (const lang of ['ar', 'en', 'tr'] as const) {
      await page.locator(`[name="name.${lang}"]`).fill(names[lang]);
      await page.locator(`[name="description.${lang}"]`).fill(`Works with us (${lang})`);
    }
    await page.locator('input[name="website_url"]').fill(website);
    // A logo is required: refused by the form without one.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('image-logo_path').locator('.Mui-error').first()).toBeVisible();
    await page.locator('input[type="file"][name="logo_path"]').setInputFiles(LOGO);
    await expect(page.getByTestId('image-logo_path').locator('img')).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/partners$/);

    const { data: created, error } = await service.from('partners').select('*').eq('name->>en', name).single();
    expect(error).toBeNull();
    expect(created!.name).toEqual(names);
    expect(created!.website_url).toBe(website);
    // After the seed's three (0, 1, 2): the form proposes the next place.
    expect(created!.sort_order).toBe(3);
    expect(created!.logo_path).toMatch(/^partners\/partner-2-800x800-\d+-800x800\.webp$/);
    await expectResizedPhoto(page, created!.logo_path);

    // In the console's list, with its logo.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: website })).toHaveAttribute('target', '_blank');
    await expectLogoLoaded(row);
    // No delete for an editor: not in the list, not on the form, and the database refuses it.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.goto(`${urls.admin}partners/${created!.id}`);
    await expect(page.locator('[name="name.en"]')).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    const editor = createClient<Database>(urls.api, process.env.SUPABASE_ANON_KEY!, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const signedIn = await editor.auth.signInWithPassword(demoAccounts.editor);
    expect(signedIn.error).toBeNull();
    // Row security lets the delete match nothing: no error, no row gone.
    const refused = await editor.from('partners').delete().eq('id', created!.id).select('id');
    expect(refused.data).toEqual([]);
    const { count } = await service.from('partners').select('id', { count: 'exact', head: true }).eq('id', created!.id);
    expect(count).toBe(1);

    // The stack republishes the site by itself (docs/operations.md, "Publishing"): the new
    // partner is in the prerendered about page, in each language, last in the order.
    await expect
      .poll(async () => (await (await request.get('/en/about')).text()).includes(name), { timeout: 60_000 })
      .toBe(true);
    expect(await (await request.get('/about')).text()).toContain(names.ar);
    await page.goto('/en/about?lng=en');
    const card = cards(page).last();
    await expect(card.locator('h3')).toHaveText(`${name} ${en.common.opensNewTab}`);
    await expectLogoLoaded(card);
    await expectWebsiteLink(card, name, website, en.common.opensNewTab);

    // Superadmins delete content: this one goes, logo and all (the harness's service role here).
    const { error: deleteError } = await service.from('partners').delete().eq('id', created!.id);
    expect(deleteError).toBeNull();
  });
});
