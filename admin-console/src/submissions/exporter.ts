import type { Exporter } from 'react-admin';
import type { Language } from '@union/shared/constants';
import { localize } from '@union/shared/localized';
import type { CsvRow } from '../common/csv';

/** The columns, in a fixed, readable order: the title of the event or book beside its id. */
export const SUBMISSION_COLUMNS = [
  'created_at',
  'type',
  'status',
  'name',
  'email',
  'student_number',
  'event_id',
  'event_title',
  'waitlist_position',
  'book_id',
  'book_title',
  'pickup_location',
  'loan_date',
  'rating',
  'message',
  'returned_at',
  'reviewed_at',
] as const;

type Titled = Record<string, { title?: unknown } | undefined>;

/** The CSV's rows: the submissions' own values, and titles in `lang` from the events and books read. */
export function submissionRows(
  records: readonly Record<string, unknown>[],
  events: Titled,
  books: Titled,
  lang: Language,
): CsvRow[] {
  const title = (list: Titled, id: unknown) => (typeof id === 'string' ? localize(list[id]?.title, lang) : '');
  return records.map((r) => {
    const row: Record<string, CsvRow[string]> = {};
    for (const c of SUBMISSION_COLUMNS) row[c] = r[c] as CsvRow[string];
    row.event_title = title(events, r.event_id);
    row.book_title = title(books, r.book_id);
    return row;
  });
}

/** CSV of the filtered submissions, titles in the staff member's language. */
export const submissionExporter =
  (lang: Language): Exporter =>
  async (records, fetchRelated) => {
    // One getMany per referenced resource, none when no row refers to it.
    const related = (field: string, resource: string): Promise<Titled> =>
      records.some((r) => r[field]) ? (fetchRelated(records, field, resource) as Promise<Titled>) : Promise.resolve({});
    // The writer (with papaparse) is loaded only when someone exports.
    const [{ toCsv, saveCsv }, events, books] = await Promise.all([
      import('../common/csvExport'),
      related('event_id', 'events'),
      related('book_id', 'books'),
    ]);
    saveCsv(toCsv(SUBMISSION_COLUMNS, submissionRows(records, events, books, lang)), 'submissions');
  };
