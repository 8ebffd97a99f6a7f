import { describe, expect, it } from 'vitest';
import { DB_ERROR_KEYS } from '../../errors';
import { BOARD_ROLES, PICKUP_LOCATIONS } from '../../constants';
import { ar } from './ar';
import { en } from './en';
import { tr } from './tr';
import { PLURAL_FORMS } from './types';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const all = { en: leaves(en), ar: leaves(ar as Tree), tr: leaves(tr as Tree) };

/** A plural group's base key (`events.placesLeft` for `events.placesLeft_few`), if English has the group. */
const pluralBase = (key: string): string | null => {
  const m = /^(.*)_([a-z]+)$/.exec(key);
  return m && (PLURAL_FORMS as readonly string[]).includes(m[2]!) && all.en.has(`${m[1]}_other`) ? m[1]! : null;
};

/** English's keys, with each plural group in the forms `lang` has (Intl.PluralRules, as i18next picks them). */
function expectedKeys(lang: 'en' | 'ar' | 'tr'): string[] {
  const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of all.en.keys()) {
    const base = pluralBase(key);
    if (base) for (const form of forms) keys.add(`${base}_${form}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

describe('public-site translations', () => {
  it.each(['en', 'ar', 'tr'] as const)('%s has exactly the English keys, and its own plural forms', (lang) => {
    expect([...all[lang].keys()].sort()).toEqual(expectedKeys(lang));
  });

  it('Arabic plural groups have the six forms', () => {
    const groups = [...all.en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
    expect(groups.length).toBeGreaterThan(0);
    for (const base of groups)
      for (const form of PLURAL_FORMS) expect(all.ar.has(`${base}_${form}`), `${base}_${form}`).toBe(true);
  });

  it.each(['en', 'ar', 'tr'] as const)('%s has no empty text', (lang) => {
    const empty = [...all[lang]].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['en', 'ar', 'tr'] as const)('%s keeps the same {{placeholders}} as English', (lang) => {
    const names = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of all[lang]) {
      const base = pluralBase(key);
      // A plural form may leave out the number ("one seat" in words) but adds no placeholder.
      if (base) expect(names(all.en.get(`${base}_other`)!), key).toEqual(expect.arrayContaining(names(text)));
      else expect([key, names(text)]).toEqual([key, names(all.en.get(key) ?? '')]);
    }
  });

  it('translates every database error key, board role and pickup place', () => {
    for (const key of DB_ERROR_KEYS) expect(all.en.has(`errors.${key}`), key).toBe(true);
    for (const role of BOARD_ROLES) expect(all.en.has(`board.roles.${role}`), role).toBe(true);
    for (const place of PICKUP_LOCATIONS) expect(all.en.has(`library.pickup.${place}`), place).toBe(true);
  });

  it('Arabic and Turkish are really translated (not copies of English)', () => {
    const same = (lang: 'ar' | 'tr') =>
      [...all.en].filter(([k, v]) => all[lang].get(k) === v && !k.startsWith('languages.')).length;
    expect(same('ar')).toBeLessThan(5);
    expect(same('tr')).toBeLessThan(25);
  });
});
