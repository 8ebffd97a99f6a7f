import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { Language } from '@union/shared/constants';

export type Tree = { [key: string]: string | Tree };

/** Arabic has zero/one/two/few/many/other: every form not written falls back to `_other`. */
export function addArabicPlurals(tree: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'string') {
      out[key] = addArabicPlurals(value);
      continue;
    }
    out[key] = value;
    if (key.endsWith('_other')) {
      const stem = key.slice(0, -'_other'.length);
      for (const form of ['zero', 'two', 'few', 'many'])
        if (!(`${stem}_${form}` in tree)) out[`${stem}_${form}`] = value;
    }
  }
  return out;
}

// One chunk per language: a staff member downloads only the texts of the language on screen.
const sources: Record<Language, () => Promise<{ default: object }>> = {
  ar: () => import('./texts/ar'),
  en: () => import('./texts/en'),
  tr: () => import('./texts/tr'),
};

/** A language's texts for i18next: react-admin's `%{x}` and `a |||| b` converted, the console's own as written. */
export async function loadTexts(lang: Language): Promise<Tree> {
  const raw = (await sources[lang]()).default;
  const converted = convertRaTranslationsToI18next(raw) as Tree;
  return lang === 'ar' ? addArabicPlurals(converted) : converted;
}
