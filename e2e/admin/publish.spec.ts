// The public site's publishing on the dashboard: staff read whether the site is up to date, when it
// was last published and why a build failed; a superadmin publishes at once (the stack of the
// tests plays the build hook: docs/operations.md, "Publishing"); editors have no such button.
import { ar } from '@union/shared/i18n/admin/ar';
import { en } from '@union/shared/i18n/admin/en';
import { demoAccounts, expect, test } from '../harness/fixtures';
import { signIn, useLanguage } from './helpers';

const t = en.dashboard.publish;

test.describe('publish state', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a failed build shows its reason; a superadmin publishes now and the site is up to date', async ({
    page,
    db,
  }) => {
    // Wait for the stack's own publishing to settle, then record a failed build (nothing waits).
    await expect
      .poll(
        async () =>
          (
            await db.query(`select (select count(*) from private.publish_builds where state = 'running')
                          + (select count(*) from private.publish_changes where build_id is null) as busy`)
          ).rows[0].busy,
        { timeout: 30_000 },
      )
      .toBe('0');
    await db.query(`insert into private.publish_builds (started_at, finished_at, state, error)
                    values (now(), now(), 'failed', 'npm ci: network unreachable')`);

    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    const card = page.getByTestId('publish-state');
    await expect(card.getByTestId('publish-state-chip')).toHaveText(t.states.failed);
    await expect(card.getByTestId('publish-error')).toHaveText(`Reason: npm ci: network unreachable`);
    await expect(card.getByTestId('publish-last')).toContainText('Last published:');

    await card.getByRole('button', { name: t.publishNow }).click();
    await expect(page.getByText(t.requested)).toBeVisible();
    await expect(card.getByTestId('publish-state-chip')).toHaveText(t.states.up_to_date, { timeout: 30_000 });
    await expect(card.getByTestId('publish-error')).toHaveCount(0);
    const { rows } = await db.query(`select state from private.publish_builds order by started_at desc limit 1`);
    expect(rows[0].state).toBe('live');
  });

  test('an editor reads the state in Arabic, without "publish now"', async ({ page }) => {
    await useLanguage(page, 'ar');
    await signIn(page, demoAccounts.editor);
    const card = page.getByTestId('publish-state');
    await expect(card.getByRole('heading', { name: ar.dashboard.publish.title })).toBeVisible();
    await expect(card.getByTestId('publish-state-chip')).toHaveText(
      new RegExp(`^(${Object.values(ar.dashboard.publish.states).join('|')})$`),
    );
    await expect(card.getByRole('button', { name: ar.dashboard.publish.publishNow })).toHaveCount(0);
  });
});
