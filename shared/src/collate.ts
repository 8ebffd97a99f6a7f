import { remembered } from './format.ts';
import { DATE_LOCALES, type Language } from './preferences.ts';

// Alphabetical order, through the record of formatted strings (./format.ts): a module of its own,
// so that only the pages that sort (the library) load it.
const collators = new Map<Language, Intl.Collator>();

/**
 * `items` in `lang`'s alphabetical order of `text(item)` (the Turkish alphabet puts "Ç" after
 * "C", not at the end). A language's first collator, like its first formatter, loads locale
 * data in one task (about 20 ms on the build machine), so the order is remembered as the
 * formatted strings are: the browser sorts what the prerendered page shows without building one.
 */
export function sortByText<T>(items: readonly T[], text: (item: T) => string, lang: Language): T[] {
  const texts = items.map(text);
  // The texts in their given order name the sort; the value is the order found, as indexes.
  const order = remembered(`o|${lang}|${texts.join('\u0000')}`, () => {
    let collator = collators.get(lang);
    if (!collator) collators.set(lang, (collator = new Intl.Collator(DATE_LOCALES[lang])));
    const compare = collator.compare;
    return texts
      .map((_, i) => i)
      .sort((a, b) => compare(texts[a]!, texts[b]!) || a - b)
      .join(',');
  });
  return order === '' ? [] : order.split(',').map((i) => items[Number(i)]!);
}
