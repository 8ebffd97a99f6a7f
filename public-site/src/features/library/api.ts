import { query, reads } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { BookRow } from '../../lib/types';

export const booksQuery = query(
  'books',
  () => rows<BookRow[]>((rest) => rest.from('books').select('*').order('id')),
  ...(import.meta.env.SSR ? reads('books') : []),
);
