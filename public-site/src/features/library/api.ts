import { LANGUAGES, DATE_LOCALES, type Language } from '@union/shared/preferences';
import { localize } from '@union/shared/localized';
import { matchesSearch } from '@union/shared/search';
import { query } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { BookRow } from '../../lib/types';

export const booksQuery = query('books', () => rows<BookRow[]>((rest) => rest.from('books').select('*').order('id')));

/** Titles and authors in every language: a visitor may search "Gazze" on the Arabic page. */
export const bookSearchFields = (book: Pick<BookRow, 'title' | 'author'>): string[] =>
  LANGUAGES.flatMap((lang) => [localize(book.title, lang), localize(book.author, lang)]);

// Building a collator loads locale data (tens of milliseconds on a slow phone): once per language.
const collators = new Map<Language, Intl.Collator>();

/** Books matching the query, sorted by title in the visitor's language. */
export function filterBooks<T extends Pick<BookRow, 'title' | 'author'>>(
  books: readonly T[],
  query: string,
  lang: Language,
): T[] {
  let collator = collators.get(lang);
  if (!collator) collators.set(lang, (collator = new Intl.Collator(DATE_LOCALES[lang])));
  return books
    .filter((book) => matchesSearch(bookSearchFields(book), query))
    .sort((a, b) => collator.compare(localize(a.title, lang), localize(b.title, lang)));
}
