import type { Browser, Page } from '@playwright/test';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage, type Lang } from './helpers';

// Two staff members edit the same event (docs/data-model.md "Row versions"): the first save
// wins; the second, from the form opened before, is refused by the database and merged field by
// field (a language of a title counting as a field). Different fields: both are kept, and the
// notice says whose were kept. The same field: the dialog shows both values, the person picks one
// per field, and their other changes are kept. Nothing is lost unseen.

/** Screenshots to look at, in the repository's git-ignored .data folder. */
const screenshot = (name: string) => new URL(`../../.data/screenshots/${name}`, import.meta.url).pathname;

/** A text as a pattern that matches it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    merged: 'their changes were kept: Title (English)',
    titleEn: 'Title (English)',
    descriptionEn: 'Description (English)',
    theirs: 'Their version (saved)',
    mine: 'Your version',
    saveChoices: 'Save with my choices',
    savedChoices: 'Saved with your choices',
    history: 'History',
    historyTitle: 'History of this item',
    restore: 'Restore this version',
  },
  ar: {
    title: 'غيّر عضو آخر في الفريق هذا العنصر',
    save: 'حفظ',
    merged: 'فبقيت تغييراته أيضًا: العنوان (الإنجليزية)',
    titleEn: 'العنوان (الإنجليزية)',
    descriptionEn: 'الوصف (الإنجليزية)',
    theirs: 'ما حفظه زميلك',
    mine: 'ما كتبته أنت',
    saveChoices: 'حفظ باختياراتي',
    savedChoices: 'حُفظ العنصر باختياراتك',
    history: 'سجل التغييرات',
    historyTitle: 'التغييرات السابقة على هذا العنصر',
  },
} as const;

test.describe('edit conflicts', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['en', 'ar'] as const) {
    test(`the second of two saves of one event keeps both, or asks per field when both changed it (${lang})`, async ({
      page,
      browser,
      service,
    }) => {
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

      const stored = async () =>
        (await service.from('events').select('title,description,location').eq('id', event!.id).single()).data as {
          title: Record<string, string>;
          description: Record<string, string>;
          location: Record<string, string>;
        };
      const t = TEXTS[lang];

      // Different fields: the first saves a new English title; the second, from the form opened
      // before, a new place. Refused by the database, merged onto the newer version: both kept, no choice asked.
      await page.locator('[name="title.en"]').fill(`${title} moved`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/events$/);
      await other.locator('[name="location.en"]').fill('Hall B');
      await other.getByRole('button', { name: t.save, exact: true }).click();
      await expect(other).toHaveURL(/\/admin\/events$/);
      await expect(other.getByText(t.merged)).toBeVisible();
      await expect(other.getByRole('dialog')).toHaveCount(0);
      await expect(other.locator('[name="location.en"]')).toBeHidden();
      await other.screenshot({ path: screenshot(`conflict-merged-${lang}.png`) });
      expect(await stored()).toMatchObject({
        title: { en: `${title} moved` },
        location: { en: 'Hall B', ar: 'Hall A ع' },
      });
      // Created as version 1, the first save 2, the merged save on top of it 3.
      const version = async () => (await service.from('events').select('version').eq('id', event!.id).single()).data;
      expect(await version()).toEqual({ version: 3 });

      // The same fields: both open the form again; both change the English title and description,
      // the first the Arabic place as well.
      for (const p of [page, other]) {
        await p.goto(`${urls.admin}events/${event!.id}`);
        await expect(p.locator('[name="title.en"]')).toHaveValue(`${title} moved`);
      }
      await page.locator('[name="title.en"]').fill(`${title} theirs`);
      await page.locator('[name="description.en"]').fill('About, theirs');
      await page.locator('[name="location.ar"]').fill('القاعة ج');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/events$/);
      await other.locator('[name="title.en"]').fill(`${title} mine`);
      await other.locator('[name="description.en"]').fill('About, mine');
      await other.getByRole('button', { name: t.save, exact: true }).click();

      // Refused: the form is kept, the dialog shows both values of each field both changed, and
      // the first's other change as kept.
      const dialog = other.getByRole('dialog');
      await expect(dialog.getByText(t.title)).toBeVisible();
      await expect(other.locator('[name="title.en"]')).toHaveValue(`${title} mine`);
      const titleChoice = dialog.getByRole('radiogroup', { name: t.titleEn });
      const descriptionChoice = dialog.getByRole('radiogroup', { name: t.descriptionEn });
      await expect(titleChoice.getByRole('radio', { name: t.theirs })).toHaveAccessibleName(
        new RegExp(`${literal(t.theirs)}\\s*${literal(title)} theirs`),
      );
      await expect(titleChoice.getByRole('radio', { name: t.mine })).toHaveAccessibleName(
        new RegExp(`${literal(t.mine)}\\s*${literal(title)} mine`),
      );
      await expect(descriptionChoice).toContainText('About, theirs');
      await expect(descriptionChoice).toContainText('About, mine');
      await expect(dialog.getByTestId('conflict-kept')).toContainText('القاعة ج');
      await expect(dialog.getByTestId('conflict-kept')).not.toContainText(title);
      // A value for each field first.
      const saveChoices = dialog.getByRole('button', { name: t.saveChoices });
      await expect(saveChoices).toBeDisabled();
      await titleChoice.getByRole('radio', { name: t.mine }).check();
      await expect(saveChoices).toBeDisabled();
      await descriptionChoice.getByRole('radio', { name: t.theirs }).check();
      await expect(saveChoices).toBeEnabled();
      expect((await stored()).title.en).toBe(`${title} theirs`);
      // Both sizes of screen: this browser's, then the other.
      const size = other.viewportSize()!;
      // (Transitions finished: the save button has just become enabled.)
      await other.screenshot({ path: screenshot(`conflict-${lang}.png`), animations: 'disabled' });
      await other.setViewportSize(lang === 'ar' ? { width: 1280, height: 900 } : { width: 390, height: 844 });
      await other.screenshot({
        path: screenshot(`conflict-${lang}-${lang === 'ar' ? 'desktop' : 'phone'}.png`),
        animations: 'disabled',
      });
      // (Back from a desktop to a phone, the side menu would open as a drawer over the dialog.)
      if (lang === 'en') await other.setViewportSize(size);

      // The choice is saved on the latest version, with the first's other change kept.
      await saveChoices.click();
      await expect(other).toHaveURL(/\/admin\/events$/);
      await expect(other.getByText(t.savedChoices)).toBeVisible();
      expect(await stored()).toMatchObject({
        title: { en: `${title} mine`, ar: `${title} ع` },
        description: { en: 'About, theirs' },
        location: { en: 'Hall B', ar: 'القاعة ج' },
      });

      // The record's History: who changed what, field by field, in the reader's language.
      await other.goto(`${urls.admin}events/${event!.id}`);
      await other.getByRole('button', { name: TEXTS[lang].history }).click();
      const history = other.getByRole('dialog', { name: TEXTS[lang].historyTitle });
      await expect(history.getByTestId('history').locator('> li')).toHaveCount(5);
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

// The settings and translations pages save rows of their own, merged the same way: a setting, or
// a language of a text, is a field. The other person's save here is the service role's (which
// raises the version as any save does).
test.describe('conflicts on the settings and translations pages', () => {
  test('another setting changed meanwhile is kept; for the same setting, both values are offered', async ({
    page,
    service,
  }) => {
    const keys = ['footerPhone', 'footerLinkedIn'];
    const { data: before } = await service.from('settings').select('key,value').in('key', keys);
    const value = async (key: string) =>
      (await service.from('settings').select('value').eq('key', key).single()).data?.value;
    try {
      await useLanguage(page, 'en');
      await signIn(page, demoAccounts.editor);
      await page.goto(`${urls.admin}settings`);
      const phone = page.getByLabel('Phone (footer and contact page)');
      await expect(phone).toBeVisible();
      const theirLink = `https://www.linkedin.com/company/${marker('theirs')}`;
      await service.from('settings').upsert({ key: 'footerLinkedIn', value: theirLink });
      await phone.fill('+90 555 000 0001');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // Each setting is a row with a version of its own: another setting's save is no conflict at all.
      await expect(page.getByText('Settings saved')).toBeVisible();
      expect([await value('footerPhone'), await value('footerLinkedIn')]).toEqual(['+90 555 000 0001', theirLink]);

      // Both change the phone: the dialog offers both numbers, the chosen one is stored.
      await expect(phone).toHaveValue('+90 555 000 0001');
      await expect(page.getByLabel('LinkedIn link')).toHaveValue(theirLink);
      await service.from('settings').update({ value: '+90 555 000 0002' }).eq('key', 'footerPhone');
      await phone.fill('+90 555 000 0003');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const choice = page.getByRole('dialog').getByRole('radiogroup', { name: 'Phone (footer and contact page)' });
      await expect(choice.getByRole('radio', { name: TEXTS.en.theirs })).toHaveAccessibleName(/0002/);
      await expect(choice.getByRole('radio', { name: TEXTS.en.mine })).toHaveAccessibleName(/0003/);
      await choice.getByRole('radio', { name: TEXTS.en.mine }).check();
      await page.getByRole('button', { name: TEXTS.en.saveChoices }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
      expect([await value('footerPhone'), await value('footerLinkedIn')]).toEqual(['+90 555 000 0003', theirLink]);
    } finally {
      for (const row of before ?? []) await service.from('settings').update({ value: row.value }).eq('key', row.key);
    }
  });

  test('another language of a text changed meanwhile is kept', async ({ page, service }) => {
    const key = 'nav.sponsor';
    await service.from('translations').upsert({ key, en: 'Sponsor us', ar: null, tr: null });
    try {
      await useLanguage(page, 'en');
      await signIn(page, demoAccounts.editor);
      await page.goto(`${urls.admin}translations`);
      await page.getByLabel('Search').fill(key);
      await page.getByRole('button', { name: `Edit texts ${key}` }).click();
      await expect(page.locator('[name="override-en"]')).toHaveValue('Sponsor us');
      await service.from('translations').update({ ar: 'ادعمنا' }).eq('key', key);
      await page.locator('[name="override-en"]').fill('Support us');
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('their changes were kept: Arabic')).toBeVisible();
      const { data } = await service.from('translations').select('en,ar,tr').eq('key', key).single();
      expect(data).toEqual({ en: 'Support us', ar: 'ادعمنا', tr: null });
    } finally {
      await service.from('translations').delete().eq('key', key);
    }
  });
});
