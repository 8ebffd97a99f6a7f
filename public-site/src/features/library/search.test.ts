import { describe, expect, it } from 'vitest';
import { bookSearchFields, filterBooks } from './search';

const books = [
  {
    id: 'a',
    title: { en: 'Men in the Sun', ar: 'رجال في الشمس', tr: 'Güneşteki Adamlar' },
    author: { en: 'Ghassan Kanafani', ar: 'غسان كنفاني', tr: 'Gassan Kanafani' },
  },
  {
    id: 'b',
    title: { en: 'Return to Haifa', ar: 'عائد إلى حيفا', tr: 'Hayfa’ya Dönüş' },
    author: { en: 'Ghassan Kanafani', ar: 'غسان كنفاني', tr: 'Gassan Kanafani' },
  },
  {
    id: 'c',
    title: { en: 'In Search of Fatima', ar: 'البحث عن فاطمة', tr: 'Fatıma’yı Ararken' },
    author: { en: 'Ghada Karmi', ar: 'غادة الكرمي', tr: 'Gada Kirmi' },
  },
];
const ids = (list: { id: string }[]) => list.map((b) => b.id);

describe('library search', () => {
  it('searches titles and authors in all three languages', () => {
    expect(bookSearchFields(books[0]!)).toHaveLength(6);
    expect(ids(filterBooks(books, 'güneş', 'ar'))).toEqual(['a']);
    expect(ids(filterBooks(books, 'HAIFA', 'tr'))).toEqual(['b']);
    expect(ids(filterBooks(books, 'كنفاني', 'en')).sort()).toEqual(['a', 'b']);
  });

  it('is Turkish-i and Arabic-letter-variant insensitive', () => {
    expect(ids(filterBooks(books, 'FATIMA', 'en'))).toEqual(['c']); // dotless ı in the Turkish title
    expect(ids(filterBooks(books, 'KİRMİ', 'en'))).toEqual(['c']);
    expect(ids(filterBooks(books, 'عائد الى', 'ar'))).toEqual(['b']); // إلى typed without hamza
    expect(ids(filterBooks(books, 'فاطمه', 'ar'))).toEqual(['c']); // teh marbuta typed as heh
  });

  it('returns everything for an empty query, sorted by title in the visitor language', () => {
    expect(ids(filterBooks(books, '  ', 'en'))).toEqual(['c', 'a', 'b']);
    expect(ids(filterBooks(books, '', 'ar'))).toEqual(['c', 'a', 'b']); // البحث, رجال, عائد
  });
});
