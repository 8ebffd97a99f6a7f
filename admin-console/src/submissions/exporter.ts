import { downloadCSV, type Exporter } from 'react-admin';

const COLUMNS = [
  'created_at',
  'type',
  'status',
  'name',
  'email',
  'student_number',
  'event_id',
  'waitlist_position',
  'book_id',
  'pickup_location',
  'loan_date',
  'rating',
  'message',
  'returned_at',
  'reviewed_at',
];

/** CSV of the filtered submissions, columns in a fixed, readable order. */
export const submissionExporter: Exporter = async (records) => {
  // papaparse is loaded only when someone exports (it is not part of the first page load).
  const { default: Papa } = await import('papaparse');
  const rows = records.map((r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c] ?? ''])));
  downloadCSV(Papa.unparse(rows, { columns: COLUMNS }), 'submissions');
};
