import { describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../../mail/render';
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
const names = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('mail translations', () => {
  it.each(['ar', 'tr'] as const)('%s has exactly the English keys, the same placeholders and no empty text', (lang) => {
    expect([...all[lang].keys()].sort()).toEqual([...all.en.keys()].sort());
    for (const [key, text] of all[lang]) {
      expect(text.trim(), key).not.toBe('');
      expect([key, names(text)]).toEqual([key, names(all.en.get(key)!)]);
    }
  });

  it('has a subject and a body for every kind of mail the database queues', () => {
    for (const kind of MAIL_KINDS) {
      expect(all.en.has(`subject.${kind}`), kind).toBe(true);
      expect(all.en.has(`body.${kind}`), kind).toBe(true);
    }
  });

  it('Arabic and Turkish are really translated', () => {
    for (const lang of ['ar', 'tr'] as const)
      expect([...all.en].filter(([k, v]) => all[lang].get(k) === v).map(([k]) => k)).toEqual([]);
  });
});
