// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { en } from '@union/shared/i18n/admin/en';
import { ar } from '@union/shared/i18n/admin/ar';
import { en as publicEn } from '@union/shared/i18n/public/en';
import { ar as publicAr } from '@union/shared/i18n/public/ar';
import { tr as publicTr } from '@union/shared/i18n/public/tr';
import { renderInConsole, user } from '../test/render';
import { buildRows } from './keys';
import { TranslationsPage } from './TranslationsPage';

type Override = { key: string; en: string | null; ar: string | null; tr: string | null; version: number };

/**
 * The translations table in memory, read by the page through the data provider and written by
 * its dialog through the client (supabase-js's query builder: from().select/update/insert/delete,
 * eq, maybeSingle), an update naming another version than the row's refused as stale.
 */
const db = vi.hoisted(() => {
  const state = { rows: new Map<string, Override>(), writes: [] as { op: string; values?: object }[] };
  const query = (table: string) => {
    let op = 'select';
    let values: Record<string, unknown> = {};
    let key: string | undefined;
    const run = () => {
      if (table !== 'translations') throw new Error(`unexpected table ${table}`);
      const row = key === undefined ? undefined : state.rows.get(key);
      if (op === 'select') return { data: row ?? null, error: null };
      state.writes.push({ op, values });
      if (op === 'insert') {
        const k = values.key as string;
        if (state.rows.has(k)) return { data: null, error: { code: '23505', message: 'duplicate key' } };
        state.rows.set(k, { en: null, ar: null, tr: null, ...values, key: k, version: 1 } as Override);
      } else if (op === 'update') {
        if (!row || values.version !== row.version)
          return { data: null, error: { code: 'PT409', message: 'stale_record' } };
        state.rows.set(row.key, { ...row, ...values, version: row.version + 1 } as Override);
      } else if (op === 'delete' && row) state.rows.delete(row.key);
      return { data: null, error: null };
    };
    const builder = {
      select: () => builder,
      update: (v: Record<string, unknown>) => ((op = 'update'), (values = v), builder),
      insert: (v: Record<string, unknown>) => ((op = 'insert'), (values = v), builder),
      delete: () => ((op = 'delete'), builder),
      eq: (_column: string, value: string) => ((key = value), builder),
      maybeSingle: () => Promise.resolve(run()),
      then: (resolve: (r: unknown) => unknown, reject: (e: unknown) => unknown) =>
        Promise.resolve().then(run).then(resolve, reject),
    };
    return builder;
  };
  return { state, client: { from: query } };
});
vi.mock('../providers/supabase', () => ({ supabase: db.client }));

const dataProvider = {
  getList: async () => {
    const data = [...db.state.rows.values()].map((r) => ({ ...r, id: r.key }));
    return { data, total: data.length };
  },
} as unknown as DataProvider;

const ALL = buildRows({ en: publicEn, ar: publicAr, tr: publicTr }, []).length;
const texts = en.translations;
const count = (shown: number, total = ALL) =>
  texts.count.replace('{{shown}}', String(shown)).replace('{{total}}', String(total));

const openPage = async (lang: 'en' | 'ar' = 'en') => {
  await renderInConsole(<TranslationsPage />, { lang, dataProvider });
  await screen.findByLabelText(`${(lang === 'en' ? en : ar).translations.edit} meta.siteName`);
};
const row = (key: string) => document.querySelector<HTMLElement>(`tr[data-key="${key}"]`);
const rowShown = (key: string) =>
  waitFor(() => {
    expect(row(key)).not.toBeNull();
    return row(key)!;
  });
const shownKeys = () => Array.from(document.querySelectorAll<HTMLElement>('tr[data-key]')).map((tr) => tr.dataset.key);
const search = (query: string) =>
  fireEvent.change(screen.getByLabelText(en.common.search), { target: { value: query } });
/** The edit dialog's input of one language (named override-<language>). */
const field = (lang: string) => document.querySelector<HTMLTextAreaElement>(`textarea[name="override-${lang}"]`)!;

describe('the translations page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    db.state.rows = new Map([['nav.library', { key: 'nav.library', en: 'Book room', ar: null, tr: null, version: 1 }]]);
    db.state.writes = [];
  });

  it('lists every text of the public site with its shipped text, a page at a time', async () => {
    await openPage();
    expect(screen.getByText(count(ALL))).toBeTruthy();
    expect(shownKeys()).toHaveLength(25);
    expect(within(row('meta.siteName')!).getByText(publicEn.meta.siteName)).toBeTruthy();
  });

  it('filters by key or by any language’s text, and on the overridden ones', async () => {
    await openPage();
    search('borrow a book');
    await waitFor(() => expect(shownKeys()).toContain('meta.descriptions.library'));
    expect(shownKeys()).not.toContain('meta.siteName');
    expect(screen.getByText(count(shownKeys().length))).toBeTruthy();
    // An Arabic text is found from the English console.
    search(publicAr.nav.library);
    await waitFor(() => expect(shownKeys()).toContain('nav.library'));
    search('');
    await user.click(screen.getByLabelText(texts.onlyOverridden));
    await waitFor(() => expect(shownKeys()).toEqual(['nav.library']));
    expect(screen.getByText(count(1))).toBeTruthy();
  });

  it('shows an override beside the shipped text it replaces', async () => {
    await openPage();
    search('nav.');
    // Cells by tag: a role query computes every element's style in jsdom, seconds for a table.
    const cells = Array.from((await rowShown('nav.library')).querySelectorAll('td'));
    expect(cells.map((c) => c.textContent)).toEqual([
      'nav.library',
      publicEn.nav.library,
      `${texts.overridden}Book room`,
      '',
    ]);
    expect(within(row('nav.home')!).queryByText(texts.overridden)).toBeNull();
  });

  it('edits an override, each language with its shipped text under it, and saves it naming its version', async () => {
    await openPage();
    search('nav.library');
    await user.click(await screen.findByLabelText(`${texts.edit} nav.library`));
    const dialog = (await screen.findByText(texts.editTitle.replace('{{key}}', 'nav.library'))).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(field('en').value).toBe('Book room');
    expect(field('tr').value).toBe('');
    expect(within(dialog).getByText(`${texts.builtIn}: ${publicEn.nav.library}`)).toBeTruthy();
    expect(within(dialog).getByText(`${texts.builtIn}: ${publicTr.nav.library}`)).toBeTruthy();
    expect(field('tr').placeholder).toBe(publicTr.nav.library);
    fireEvent.change(field('tr'), { target: { value: 'Kitap odası' } });
    fireEvent.change(field('en'), { target: { value: '  ' } });
    await user.click(within(dialog).getByText(en.common.save));
    expect(await screen.findByText(texts.saved)).toBeTruthy();
    // A blank language goes back to the shipped text: stored as null.
    expect(db.state.writes).toEqual([{ op: 'update', values: { en: null, ar: null, tr: 'Kitap odası', version: 1 } }]);
    expect(db.state.rows.get('nav.library')).toMatchObject({ en: null, tr: 'Kitap odası', version: 2 });
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it('adds the override of a text that had none', async () => {
    await openPage();
    search('nav.board');
    await user.click(await screen.findByLabelText(`${texts.edit} nav.board`));
    await waitFor(() => expect(field('en')).toBeTruthy());
    expect(screen.getByText(texts.removeOverride).closest('button')).toHaveProperty('disabled', true);
    fireEvent.change(field('en'), { target: { value: 'Committee' } });
    await user.click(screen.getByText(en.common.save));
    await screen.findByText(texts.saved);
    expect(db.state.rows.get('nav.board')).toMatchObject({ en: 'Committee', ar: null, tr: null });
    await waitFor(() => expect(within(row('nav.board')!).queryByText(texts.overridden)).not.toBeNull());
  });

  it('cancel leaves the override as it was', async () => {
    await openPage();
    search('nav.library');
    await user.click(await screen.findByLabelText(`${texts.edit} nav.library`));
    await waitFor(() => expect(field('en')).toBeTruthy());
    fireEvent.change(field('en'), { target: { value: 'Something else' } });
    await user.click(screen.getByText(en.common.cancel));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(db.state.writes).toEqual([]);
    expect(db.state.rows.get('nav.library')).toMatchObject({ en: 'Book room', version: 1 });
  });

  it('is in Arabic in the Arabic console: the shipped Arabic texts, right-to-left inputs for Arabic', async () => {
    await openPage('ar');
    expect(screen.getByText(ar.translations.builtIn)).toBeTruthy();
    expect(within(row('meta.siteName')!).getByText(publicAr.meta.siteName)).toBeTruthy();
    await user.click(screen.getByLabelText(`${ar.translations.edit} meta.siteName`));
    await waitFor(() => expect(field('ar')).toBeTruthy());
    expect(field('ar').getAttribute('dir')).toBe('rtl');
    expect(field('en').getAttribute('dir')).toBe('ltr');
  });
});
