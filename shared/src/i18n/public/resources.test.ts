import { describe, expect, it } from 'vitest';
import { DB_ERROR_KEYS } from '../../errors';
import { BOARD_ROLES, PICKUP_LOCATIONS } from '../../constants';
import { ar } from './ar';
import { en } from './en';
import { tr } from './tr';

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

describe('public-site translations', () => {
  it.each(['ar', 'tr'] as const)('%s has exactly the English keys', (lang) => {
    expect([...all[lang].keys()].sort()).toEqual([...all.en.keys()].sort());
  });

  it.each(['en', 'ar', 'tr'] as const)('%s has no empty text', (lang) => {
    const empty = [...all[lang]].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['en', 'ar', 'tr'] as const)('%s keeps the same {{placeholders}} as English', (lang) => {
    const names = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of all.en) expect([key, names(all[lang].get(key) ?? '')]).toEqual([key, names(text)]);
  });

  it('translates every database error key, board role and pickup place', () => {
    for (const key of DB_ERROR_KEYS) expect(all.en.has(`errors.${key}`), key).toBe(true);
    for (const role of BOARD_ROLES) expect(all.en.has(`board.roles.${role}`), role).toBe(true);
    for (const place of PICKUP_LOCATIONS) expect(all.en.has(`library.pickup.${place}`), place).toBe(true);
  });

  it('Arabic and Turkish are really translated (not copies of English)', () => {
    const same = (lang: 'ar' | 'tr') => [...all.en].filter(([k, v]) => all[lang].get(k) === v && !k.startsWith('languages.')).length;
    expect(same('ar')).toBeLessThan(5);
    expect(same('tr')).toBeLessThan(25);
  });
});
