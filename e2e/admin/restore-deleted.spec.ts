import fs from 'node:fs';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { PHOTO, confirmDialog, marker, signIn, useLanguage } from './helpers';

// Deleted, not lost (docs/data-model.md "Restoring a deleted record"): a superadmin finds a
// deleted board member under "Recently deleted" in the audit log, restores it after a
// confirmation, and the member is back with the photo it had.

/** Screenshots to look at, in the repository's git-ignored .data folder. */
const screenshot = (name: string) => new URL(`../../.data/screenshots/${name}`, import.meta.url).pathname;

const TEXTS = {
  en: {
    recentlyDeleted: 'Recently deleted (restorable)',
    restore: 'Restore',
    restored: 'The item was restored.',
    alreadyRestored: /^Restored /,
  },
  ar: {
    recentlyDeleted: 'المحذوف مؤخرًا (قابل للاستعادة)',
    restore: 'استعادة',
    restored: 'استُعيد العنصر.',
    alreadyRestored: /^استُعيد في /,
  },
} as const;

test.describe('restoring a deleted record', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const lang of ['en', 'ar'] as const) {
    test(`a deleted board member comes back with its photo from the audit log (${lang})`, async ({ page, service }) => {
      const name = marker('Restored');
      const photo = `board-members/${name}-1780000000000-1600x900.webp`;
      const upload = await service.storage
        .from('images')
        .upload(photo, fs.readFileSync(PHOTO), { contentType: 'image/webp' });
      expect(upload.error).toBeNull();
      const { data: member, error } = await service
        .from('board_members')
        .insert({
          name: { en: name, ar: `${name} ع`, tr: `${name} tr` },
          title: { en: 'Treasurer', ar: 'أمين الصندوق', tr: 'Sayman' },
          bio: { en: 'Bio', ar: 'نبذة', tr: 'Biyografi' },
          role: 'finance_head',
          gender: 'female',
          photo_path: photo,
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      await service.from('board_members').delete().eq('id', member!.id);

      const t = TEXTS[lang];
      await page.setViewportSize({ width: 1366, height: 900 });
      await useLanguage(page, lang);
      await signIn(page, demoAccounts.superadmin);
      await page.goto(`${urls.admin}audit_log`);
      await page.getByRole('button', { name: t.recentlyDeleted }).click();
      await expect(page.getByTestId('recently-deleted')).toHaveAttribute('aria-pressed', 'true');
      const row = page.locator('tbody tr').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await page.screenshot({ path: screenshot(`admin-restore-deleted-${lang}.png`) });

      await row.getByRole('button', { name: t.restore }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: screenshot(`admin-restore-deleted-confirm-${lang}.png`) });
      await confirmDialog(page, t.restore);
      await expect(page.getByText(t.restored)).toBeVisible();
      await page.screenshot({ path: screenshot(`admin-restore-deleted-done-${lang}.png`) });

      const { data: back } = await service.from('board_members').select('photo_path').eq('id', member!.id).single();
      expect(back?.photo_path).toBe(photo);
      const served = await fetch(`${urls.api}/storage/v1/object/public/images/${photo}`);
      expect(served.status).toBe(200);

      // Restored once: the deletion's entry now says when, and offers no second restore (the
      // database would refuse it with record_exists: supabase/tests/deleted-restore.test.ts).
      await expect(row.getByTestId('already-restored')).toHaveText(t.alreadyRestored);
      await expect(row.getByRole('button', { name: t.restore })).toHaveCount(0);
    });
  }
});
