// The union's tokens (docs/data-model.md "credentials"): superadmins are warned on the dashboard
// 30 days before a token expires and told plainly once it has; a refused publish token is said in
// words that lead to Handover, which lists every token that belongs to a person.
import { ar } from '@union/shared/i18n/admin/ar';
import { en } from '@union/shared/i18n/admin/en';
import { formatDay, formatNumber, UNION_TIME_ZONE } from '@union/shared/format';
import pg from 'pg';
import { demoAccounts, expect, serviceClient, test, urls } from '../harness/fixtures';
import { signIn, useLanguage, type Lang } from './helpers';

/** A day `offset` days from today in the union's calendar (YYYY-MM-DD). */
function day(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: UNION_TIME_ZONE, dateStyle: 'short' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);

const texts = { ar, en } as const;

test.describe('tokens', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ service }) => {
    // Every token recorded and far from its expiry, but the two the tests look at.
    for (const [key, holder, expires_on] of [
      ['supabase_access_token', 'Lina Haddad', day(12)],
      ['cloudflare_api_token', 'Lina Haddad', day(200)],
      ['publish_hook_token', 'Omar Saleh', day(-3)],
      ['smtp_password', 'Sara Khalil', null],
    ] as const) {
      const { error } = await service.from('credentials').update({ holder, expires_on }).eq('key', key);
      expect(error).toBeNull();
    }
  });

  // Test-scoped fixtures cannot serve afterAll: its own clients.
  test.afterAll(async () => {
    await serviceClient().from('credentials').update({ holder: null, expires_on: null, note: null }).neq('key', '');
    // The site published again, so later specs find it up to date.
    const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
    await db.connect();
    try {
      await db.query(
        `insert into private.publish_builds (started_at, finished_at, state) values (now(), now(), 'live')`,
      );
    } finally {
      await db.end();
    }
  });

  for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
    const t = texts[lang];
    test(`${lang}: the dashboard warns of a token expiring within 30 days and of one expired`, async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, demoAccounts.superadmin);
      const soon = page.getByTestId('token-warning-supabase_access_token');
      await expect(soon).toHaveAttribute('data-state', 'soon');
      await expect(soon).toContainText(
        fill(t.dashboard.tokens.expiresSoon, {
          name: t.credentials.names.supabase_access_token,
          date: formatDay(day(12), lang),
          days: formatNumber(12, lang),
        }),
      );
      await expect(soon).toContainText('Lina Haddad');
      const expired = page.getByTestId('token-warning-publish_hook_token');
      await expect(expired).toHaveAttribute('data-state', 'expired');
      await expect(expired).toContainText(
        fill(t.dashboard.tokens.expired, {
          name: t.credentials.names.publish_hook_token,
          date: formatDay(day(-3), lang),
        }),
      );
      // Neither a token far from its expiry nor an SMTP password without one is a warning.
      await expect(page.getByTestId('token-warnings').getByRole('alert')).toHaveCount(2);
      if (lang === 'ar') await expect(soon).not.toContainText('12');

      await soon.getByRole('link', { name: t.dashboard.tokens.open }).click();
      await expect(page).toHaveURL(/\/admin\/credentials$/);
      await expect(page.getByText(t.credentials.names.cloudflare_api_token)).toBeVisible();
      await expect(page.getByTestId('credential-state')).toHaveText([
        t.credentials.states.soon,
        t.credentials.states.valid,
        t.credentials.states.expired,
      ]);
    });

    test(`${lang}: a refused publish token is said in words, leading to Handover and the tokens`, async ({
      page,
      db,
    }) => {
      await expect
        .poll(
          async () =>
            (await db.query(`select count(*) from private.publish_builds where state = 'running'`)).rows[0].count,
          {
            timeout: 30_000,
          },
        )
        .toBe('0');
      // What the cron job records when the hook answers 401 (supabase/tests/publish-hook.test.ts).
      await db.query(`insert into private.publish_builds (started_at, finished_at, state, error)
                      values (now(), now(), 'failed', 'hook_refused')`);
      await useLanguage(page, lang);
      await signIn(page, demoAccounts.superadmin);
      const card = page.getByTestId('publish-state');
      await expect(card.getByTestId('publish-error')).toContainText(t.dashboard.publish.reasons.hook_refused);
      await card.getByRole('link', { name: t.dashboard.publish.openHandover }).click();
      await expect(page).toHaveURL(/\/admin\/handover$/);
      await expect(page.getByRole('heading', { name: t.handover.tokensTitle })).toBeVisible();
      await expect(page.getByTestId('handover-tokens-replace')).toHaveText(t.handover.tokensReplace);
      await expect(page.getByTestId('handover-tokens').locator('li')).toHaveCount(4);
      await expect(page.getByTestId('handover-tokens')).toContainText('Omar Saleh');
      await page.getByRole('link', { name: t.handover.openTokens }).click();
      await expect(page).toHaveURL(/\/admin\/credentials$/);
    });
  }

  test('a superadmin records a new token: holder and expiry together, saved', async ({ page, service }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    await page.goto(`${urls.admin}credentials`);
    await page.getByText(en.credentials.names.publish_hook_token).click();
    // The page's title and the form's heading name the token, never its key.
    await expect(page.locator('#react-admin-title')).toHaveText(en.credentials.names.publish_hook_token);
    await expect(page.getByRole('heading', { level: 2, name: en.credentials.names.publish_hook_token })).toBeVisible();
    await page.getByLabel(en.resources.credentials.fields.holder).fill('Yusuf Amin');
    await page.getByLabel(en.resources.credentials.fields.expires_on).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(en.credentials.expiryRequired)).toBeVisible();
    await page.getByLabel(en.resources.credentials.fields.expires_on).fill(day(300));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(en.credentials.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/credentials$/);
    const { data } = await service
      .from('credentials')
      .select('holder, expires_on')
      .eq('key', 'publish_hook_token')
      .single();
    expect(data).toEqual({ holder: 'Yusuf Amin', expires_on: day(300) });
  });

  test('an editor sees no token warning and cannot open the list', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    await expect(page.getByTestId('publish-state')).toBeVisible();
    await expect(page.getByTestId('token-warnings')).toHaveCount(0);
    await page.goto(`${urls.admin}credentials`);
    await expect(page.getByText('Only superadmins can access this page', { exact: false })).toBeVisible();
  });
});
