import englishMessages from 'ra-language-english';
import { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { en, ar, tr } from '@union/shared/i18n/admin/index';
import type { Language } from '@union/shared/constants';
import { raArabic, raSupabaseArabic } from './ra-ar';
import { raTurkish, raSupabaseTurkish } from './ra-tr';

type Tree = { [key: string]: string | Tree };

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

const raw: Record<Language, Tree> = {
  en: { ...(englishMessages as unknown as Tree), ...(raSupabaseEnglishMessages as Tree), ...(en as Tree) },
  ar: { ...(raArabic as unknown as Tree), ...(raSupabaseArabic as Tree), ...(ar as Tree) },
  tr: { ...(raTurkish as unknown as Tree), ...(raSupabaseTurkish as Tree), ...(tr as Tree) },
};

/** i18next resources: react-admin's `%{x}` and `a |||| b` converted, the console's own texts as written. */
export const resources = {
  en: { translation: convertRaTranslationsToI18next(raw.en) as Tree },
  ar: { translation: addArabicPlurals(convertRaTranslationsToI18next(raw.ar) as Tree) },
  tr: { translation: convertRaTranslationsToI18next(raw.tr) as Tree },
};
