import type { Browser, Page } from '@playwright/test';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage, type Lang } from './helpers';

// Two staff members edit the same event (docs/data-model.md "Row versions"): the first save
// wins; the second is refused, keeps what was typed, says so in the reader's language, lists what
// changed, and offers to load the latest or to save over it deliberately. Nothing is lost unseen.

/** Screenshots to look at, in the repository's git-ignored .data folder. */
const screenshot = (name: string) => new URL(`../../.data/screenshots/${name}`, import.meta.url).pathname;

const L = (s: string) => ({ en: s, ar: `${s} ع`, tr: `${s} tr` });

/**
 * A second staff member in a browser of their own (a separate session). The Arabic one is on a
 * phone in the light theme, so the screenshots cover both sizes and both themes.
 */
async function staffPage(browser: Browser, lang: Lang, account: { email: string; password: string }): Promise<Page> {
  const phone = lang === 'ar';
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    colorScheme: phone ? 'light' : 'dark',
  });
  const page = await context.newPage();
  // The console and the public site share the theme choice under union.theme (shared/src/preferences.ts).
  await page.addInitScript((theme) => window.localStorage.setItem('union.theme', theme), phone ? 'light' : 'dark');
  await useLanguage(page, lang);
  await signIn(page, account);
  return page;
}

const TEXTS = {
  en: {
    title: 'Someone else changed this item',
    load: 'Load the latest (drop my changes)',
    save: 'Save',
    history: 'History',
    historyTitle: 'History of this item',
    restore: 'Restore this version',
  },
  ar: {
    title: 'غيّر عضو آخر في الفريق هذا العنصر',
    overwrite: 'حفظ تعديلاتي فوق تعديلاتهم',
    save: 'حفظ',
    history: 'سجل التغييرات',
    historyTitle: 'التغييرات السابقة على هذا العنصر',
  },
} as const;

test.describe('edit conflicts', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['en', 'ar'] as const) {
    test(`the second of two saves of one event is refused and shown (${lang})`, async ({ page, browser, service }) => {
      const { data: seeded } = await service.from('events').select('photo_path').limit(1).single();
      const title = marker('Race');
      const { data: event, error } = await service
        .from('events')
        .insert({
          title: L(title),
          description: L('About'),
          location: L('Hall A'),
          starts_at: '2030-05-01T15:30:00Z',
          photo_path: seeded!.photo_path,
        })
        .select('id')
        .single();
      expect(error).toBeNull();

      // Both open the form before either saves.
      await useLanguage(page, 'en');
      await signIn(page, demoAccounts.editor);
      const other = await staffPage(browser, lang, demoAccounts.superadmin);
      for (const p of [page, other]) {
        await p.goto(`${urls.admin}events/${event!.id}`);
        await expect(p.locator('[name="title.en"]')).toHaveValue(title);
      }

      // The first saves a new title.
      await page.locator('[name="title.en"]').fill(`${title} moved`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/events$/);

      // The second, from the form opened before, changes the place: refused, form kept.
      await other.locator('[name="location.en"]').fill('Hall B');
      await other.getByRole('button', { name: TEXTS[lang].save, exact: true }).click();
      const dialog = other.getByRole('dialog');
      await expect(dialog.getByText(TEXTS[lang].title)).toBeVisible();
      await expect(dialog.getByTestId('conflict-changes')).toContainText(`${title} moved`);
      await expect(other.locator('[name="location.en"]')).toHaveValue('Hall B');
      await other.screenshot({ path: screenshot(`conflict-${lang}.png`) });
      const stored = async () =>
        (await service.from('events').select('title,location').eq('id', event!.id).single()).data as {
          title: Record<string, string>;
          location: Record<string, string>;
        };
      expect((await stored()).location.en).toBe('Hall A');

      if (lang === 'en') {
        // Load the latest: the other's title comes in; typing the place again and saving keeps both.
        await dialog.getByRole('button', { name: TEXTS.en.load }).click();
        await expect(other.locator('[name="title.en"]')).toHaveValue(`${title} moved`);
        await other.locator('[name="location.en"]').fill('Hall B');
        await other.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(other).toHaveURL(/\/admin\/events$/);
        expect(await stored()).toMatchObject({ title: { en: `${title} moved` }, location: { en: 'Hall B' } });
      } else {
        // Saving over it, deliberately: the form as typed is stored, the other's title with it undone.
        await dialog.getByRole('button', { name: TEXTS.ar.overwrite }).click();
        await expect(other).toHaveURL(/\/admin\/events$/);
        expect(await stored()).toMatchObject({ title: { en: title }, location: { en: 'Hall B' } });
      }

      // The record's History: who changed what, field by field, in the reader's language.
      await other.goto(`${urls.admin}events/${event!.id}`);
      await other.getByRole('button', { name: TEXTS[lang].history }).click();
      const history = other.getByRole('dialog', { name: TEXTS[lang].historyTitle });
      await expect(history.getByTestId('history').locator('> li')).toHaveCount(3);
      await expect(history).toContainText(demoAccounts.editor.email);
      // Time and author joined by the language's list separator, the 12-hour clock without a
      // leading zero: "at 2:05 PM · editor@…", «في ٢:٠٥ م، editor@…».
      const email = demoAccounts.editor.email.replace(/[.+]/g, '\\$&');
      await expect(history).toContainText(
        lang === 'en'
          ? new RegExp(`at (?:[1-9]|1[0-2]):\\d{2}\\s[AP]M · ${email}`)
          : new RegExp(`في (?:[١-٩]|١[٠-٢]):[٠-٩]{2}\\s[صم]، ${email}`),
      );
      await expect(history).toContainText('Hall B');
      await other.screenshot({ path: screenshot(`history-${lang}.png`) });
      if (lang === 'en') {
        // Restoring the first version puts the place and title back, recorded as a change of its own.
        await history.getByRole('button', { name: TEXTS.en.restore }).last().click();
        // The dialog's button says what it does, not a generic "Confirm".
        const confirm = other.getByRole('dialog').locator('button.ra-confirm');
        await expect(confirm).toHaveText(TEXTS.en.restore);
        await confirm.click();
        await expect(other.getByText('The earlier version was restored.')).toBeVisible();
        expect(await stored()).toMatchObject({ title: { en: title }, location: { en: 'Hall A' } });
        const { data: entries } = await service
          .from('audit_log')
          .select('actor_email')
          .eq('row_id', event!.id)
          .order('id', { ascending: false })
          .limit(1);
        expect(entries).toEqual([{ actor_email: demoAccounts.superadmin.email }]);
      }
      await other.context().close();
    });
  }
});
