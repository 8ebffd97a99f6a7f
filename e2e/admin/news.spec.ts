import { en } from '@union/shared/i18n/admin/en';
import { en as site } from '@union/shared/i18n/public/en';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

// An editor writes news: a draft in one language, previewed; refused publication while
// languages are missing; then scheduled a minute ahead, invisible until its time, and live on the
// prerendered site by itself once the time has come; unpublished, its page goes away again.

const t = en.news;

test.describe('news', () => {
  test.describe.configure({ timeout: 240_000 });

  test('write a draft, preview it, schedule it, see it appear; unpublish it', async ({ page, service, request }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    const title = marker('E2E news');

    // A draft in English only.
    await page.goto(`${urls.admin}news/create`);
    await page.locator('[name="title.en"]').fill(title);
    await page.locator('[name="summary.en"]').fill('The summary in English.');
    const body = (lang: string) => page.locator(`[contenteditable="true"][lang="${lang}"]`);
    await body('en').click();
    await page.keyboard.type('The first paragraph, with <script>alert(1)</script> typed as text.');
    await expect(body('ar')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);
    const { data: draft } = await service.from('news').select('*').eq('title->>en', title).single();
    expect(draft).toMatchObject({ status: 'draft', publish_at: null });
    expect((draft!.body as Record<string, string>).en).toContain('&lt;script&gt;');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByTestId('news-state')).toHaveText(t.state.draft);

    // Someone stored a hostile body by hand: the preview shows the text, runs nothing.
    await service
      .from('news')
      .update({
        body: {
          ...(draft!.body as object),
          ar: '<p>نص<img src=x onerror="window.__xss=1"></p><script>window.__xss=2</script>',
        },
      })
      .eq('id', draft!.id);
    await page.goto(`${urls.admin}news/${draft!.id}`);
    await page.getByRole('link', { name: t.preview }).click();
    const preview = page.getByTestId('news-preview');
    // It opens in the console's language; the tabs show the others.
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByTestId('news-preview-body')).toContainText('The first paragraph, with <script>');
    await preview.getByRole('tab', { name: en.common.languages.ar }).click();
    await expect(preview.getByTestId('news-preview-body')).toHaveText('نص');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(preview.locator('img[onerror], script')).toHaveCount(0);

    // Publishing with languages missing is refused by the form, in words.
    await preview.getByRole('link', { name: t.backToEdit }).click();
    await page.getByLabel(t.statusChoices.published).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(en.errors.news_incomplete).first()).toBeVisible();

    // All three languages, scheduled for the next minute at least 40 s ahead.
    for (const [lang, text] of [
      ['ar', `${title} بالعربية`],
      ['tr', `${title} Türkçe`],
    ] as const) {
      await page.locator(`[name="title.${lang}"]`).fill(text);
      await page.locator(`[name="summary.${lang}"]`).fill(`${text}: özet / ملخص`);
      await body(lang).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(`${text}: body`);
    }
    const at = await page.evaluate(() => {
      const d = new Date(Date.now() + 60_000);
      d.setSeconds(0, 0);
      if (d.getTime() - Date.now() < 40_000) d.setMinutes(d.getMinutes() + 1);
      const p = (n: number) => String(n).padStart(2, '0');
      return {
        local: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`,
        ms: d.getTime(),
      };
    });
    await page.locator('input[name="publish_at"]').fill(at.local);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);
    await expect(page.getByRole('row', { name: new RegExp(title) }).getByTestId('news-state')).toHaveText(
      t.state.scheduled,
    );
    const { data: scheduled } = await service.from('news').select('status,publish_at').eq('id', draft!.id).single();
    expect(scheduled!.status).toBe('published');
    expect(new Date(scheduled!.publish_at!).getTime()).toBe(at.ms);
    // The form schedules by the minute, up to 100 s ahead; waiting for that minute tests nothing
    // more. The item's time, moved to 10 s ahead: the site must still publish it by itself then.
    at.ms = Date.now() + 10_000;
    expect(
      (
        await service
          .from('news')
          .update({ publish_at: new Date(at.ms).toISOString() })
          .eq('id', draft!.id)
      ).error,
    ).toBeNull();

    // Before its time: nothing for visitors.
    const pagePath = `/en/news/${draft!.id}`;
    expect(Date.now()).toBeLessThan(at.ms);
    expect((await request.get(pagePath)).status()).toBe(404);
    const anon = await request.get(`${urls.api}/rest/v1/news?id=eq.${draft!.id}`, {
      headers: { apikey: process.env.SUPABASE_ANON_KEY! },
    });
    expect(await anon.json()).toEqual([]);

    // At its time the site publishes itself: the page, the list and the feed have it.
    await expect.poll(async () => (await request.get(pagePath)).status(), { timeout: 150_000 }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.ms);
    expect(await (await request.get(pagePath)).text()).toContain(`<h1`);
    expect(await (await request.get('/en/news')).text()).toContain(title);
    expect(await (await request.get('/en/feed.xml')).text()).toContain(pagePath);
    await page.goto(`${urls.public}${pagePath}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('news-body')).toContainText('The first paragraph');
    await expect(page.getByRole('link', { name: site.news.backToNews })).toBeVisible();

    // Unpublished (back to a draft): its page and its place in the list go away.
    await page.goto(`${urls.admin}news/${draft!.id}`);
    await page.getByLabel(t.statusChoices.draft).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);
    await expect.poll(async () => (await request.get(pagePath)).status(), { timeout: 60_000 }).toBe(404);
    expect(await (await request.get('/en/news')).text()).not.toContain(title);
  });
});
