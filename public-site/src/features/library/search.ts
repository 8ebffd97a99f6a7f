import { sortByText } from '@union/shared/collate';
import { LANGUAGES, type Language } from '@union/shared/preferences';
import { localize } from '@union/shared/localized';
import { matchesSearch } from '@union/shared/search';
import type { BookRow } from '../../lib/types';

// The library page's search, in a module of its own: api.ts is imported by the route table
// (its query starts with the page's chunk), so what it holds is in every page's first download.
// This is the library page's alone, with its collator and search folding.

/** Titles and authors in every language: a visitor may search "Gazze" on the Arabic page. */
export const bookSearchFields = (book: Pick<BookRow, 'title' | 'author'>): string[] =>
  LANGUAGES.flatMap((lang) => [localize(book.title, lang), localize(book.author, lang)]);

/**
 * Books matching the query, sorted by title in the visitor's language. Sorted first, then
 * filtered: the whole list's order is the one the prerendered page recorded (sortByText), so
 * neither hydration nor a search builds a collator.
 */
export function filterBooks<T extends Pick<BookRow, 'title' | 'author'>>(
  books: readonly T[],
  query: string,
  lang: Language,
): T[] {
  return sortByText(books, (book) => localize(book.title, lang), lang).filter((book) =>
    matchesSearch(bookSearchFields(book), query),
  );
}
