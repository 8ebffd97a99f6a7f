// The keys a translation override may name (private.translation_keys,
// 20261201102000_translation_keys.sql) are the keys the console's translations page offers: every
// key of the public site's texts, with each plural form any language has. A text added to or
// removed from shared/src/i18n/public fails here until a migration inserts or deletes its key.
import { describe, expect, it } from 'vitest';
import { ar } from '@union/shared/i18n/public/ar';
import { en } from '@union/shared/i18n/public/en';
import { tr } from '@union/shared/i18n/public/tr';
import { sql } from './helpers.ts';

/** What the check reads of the console's translations page (admin-console/src/translations/keys.ts). */
interface Keys {
  buildRows(builtIn: Record<string, unknown>, overrides: []): { key: string }[];
}
// A specifier the type checker does not follow: this package does not compile the console.
const keysModule = '../../admin-console/src/translations/keys.ts';

describe('translation keys', () => {
  it('are exactly the keys the console offers for an override', async () => {
    const { buildRows } = (await import(/* @vite-ignore */ keysModule)) as Keys;
    const offered = buildRows({ en, ar, tr }, []).map((r) => r.key);
    const stored = (await sql<{ key: string }>('select key from private.translation_keys')).map((r) => r.key);
    const missing = offered.filter((k) => !stored.includes(k));
    const extra = stored.filter((k) => !offered.includes(k));
    expect({ missing, extra }, 'a migration inserts the missing keys and deletes the extra ones').toEqual({
      missing: [],
      extra: [],
    });
    expect(stored.length).toBeGreaterThan(300);
  });

  it('refuse an override of another key for every path, the service role’s too', async () => {
    await expect(sql(`insert into public.translations (key, en) values ('home.noSuchText', 'Hi')`)).rejects.toThrow(
      /translations_key_fkey/,
    );
    const [row] = await sql<{ n: number }>(
      `select count(*)::int as n from public.translations where key = 'home.noSuchText'`,
    );
    expect(row!.n).toBe(0);
  });
});
