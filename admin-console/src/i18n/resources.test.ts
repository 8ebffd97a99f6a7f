import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import { DB_ERROR_KEYS } from '@union/shared/errors';
import { CONSOLE_REFUSAL_KEYS } from '../providers/errors';
import { en, ar, tr } from '@union/shared/i18n/admin/index';
import { raArabic, raSupabaseArabic } from './ra-ar';
import { raTurkish, raSupabaseTurkish } from './ra-tr';
import { addArabicPlurals, loadTexts } from './messages';

/** Every leaf key of a resource tree, dotted. */
const leaves = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`),
  );

const empties = (tree: unknown) =>
  leaves(tree).filter((k) => {
    const value = k.split('.').reduce<any>((o, p) => o[p], tree);
    return typeof value !== 'string' || (value.trim() === '' && !k.endsWith('boolean.null'));
  });

describe('console texts', () => {
  it.each([
    ['ar', ar],
    ['tr', tr],
  ])('%s has exactly the English keys, none empty', (_lang, res) => {
    expect(leaves(res).sort()).toEqual(leaves(en).sort());
    expect(empties(res)).toEqual([]);
  });

  it('has errors.<key> for every database refusal key, in all three languages', () => {
    for (const res of [en, ar, tr])
      for (const key of [...DB_ERROR_KEYS, ...CONSOLE_REFUSAL_KEYS]) expect(typeof res.errors[key]).toBe('string');
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    const get = (tree: unknown, key: string) => key.split('.').reduce<any>((o, p) => o[p], tree) as string;
    for (const key of leaves(en)) {
      expect(placeholders(get(ar, key)), `ar ${key}`).toBe(placeholders(get(en, key)));
      expect(placeholders(get(tr, key)), `tr ${key}`).toBe(placeholders(get(en, key)));
    }
  });
});

describe('react-admin and ra-supabase messages', () => {
  it.each([
    ['ar', raArabic],
    ['tr', raTurkish],
  ])('%s covers every react-admin key', (_lang, res) => {
    expect(leaves(res).sort()).toEqual(leaves(englishMessages).sort());
    expect(empties(res)).toEqual([]);
  });

  it.each([
    ['ar', raSupabaseArabic],
    ['tr', raSupabaseTurkish],
  ])('%s covers every ra-supabase key', (_lang, res) => {
    expect(leaves(res).sort()).toEqual(leaves(raSupabaseEnglishMessages).sort());
  });

  it('converts to i18next: %{x} becomes {{x}}, and Arabic gets every plural form', async () => {
    const arT = (await loadTexts('ar')) as any;
    expect(arT.ra.page.create).toBe('إضافة {{name}}');
    expect(arT.resources.events.name_two).toBe(arT.resources.events.name_other);
    expect(arT.resources.events.name_few).toBe(arT.resources.events.name_other);
    expect(((await loadTexts('en')) as any).resources.events.name_one).toBe('Event');
    expect(((await loadTexts('tr')) as any).resources.events.name_other).toBe('Etkinlikler');
    expect(addArabicPlurals({ a_one: '1', a_other: 'n' })).toEqual({
      a_one: '1',
      a_other: 'n',
      a_zero: 'n',
      a_two: 'n',
      a_few: 'n',
      a_many: 'n',
    });
  });
});
