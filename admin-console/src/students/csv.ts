import Papa from 'papaparse';
import { normalizeStudentNumber } from '@union/shared/validation';
import type { MessageKey } from '../i18n/keys';

export interface StudentRow {
  /** 1-based line in the file, for messages. */
  line: number;
  name: string;
  student_number: string;
}

export type ImportProblem =
  | { kind: 'missingName' | 'missingNumber'; line: number }
  | { kind: 'duplicateInFile' | 'duplicateExisting'; line: number; number: string }
  | { kind: 'empty' };

const NAME_HEADERS = ['name', 'full_name', 'fullname', 'الاسم', 'ad', 'isim', 'ad soyad'];
const NUMBER_HEADERS = [
  'number',
  'student_number',
  'studentnumber',
  'student_id',
  'studentid',
  'الرقم',
  'الرقم الجامعي',
  'numara',
  'öğrenci numarası',
];

const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');

/**
 * Reads a students CSV: columns name and number, by header when the first line names them
 * (in any order, English, Arabic or Turkish), else name then number. Blank lines are skipped.
 * Reports missing values and numbers repeated inside the file.
 */
export function parseStudentsCsv(text: string): { rows: StudentRow[]; problems: ImportProblem[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const lines = parsed.data;
  let nameCol = 0;
  let numberCol = 1;
  let start = 0;
  if (lines.length > 0) {
    const header = lines[0].map(norm);
    const n = header.findIndex((h) => NAME_HEADERS.includes(h));
    const k = header.findIndex((h) => NUMBER_HEADERS.includes(h));
    if (n !== -1 && k !== -1) {
      nameCol = n;
      numberCol = k;
      start = 1;
    }
  }
  const rows: StudentRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (let i = start; i < lines.length; i++) {
    const line = i + 1;
    const name = (lines[i][nameCol] ?? '').trim();
    const number = normalizeStudentNumber(lines[i][numberCol] ?? '');
    if (!name) problems.push({ kind: 'missingName', line });
    if (!number) problems.push({ kind: 'missingNumber', line });
    if (number) {
      if (seen.has(number)) problems.push({ kind: 'duplicateInFile', line, number });
      else seen.set(number, line);
    }
    rows.push({ line, name, student_number: number });
  }
  if (rows.length === 0) problems.push({ kind: 'empty' });
  return { rows, problems };
}

/** Numbers already in the register. */
export function duplicatesOfExisting(rows: StudentRow[], existing: Iterable<string>): ImportProblem[] {
  const known = new Set(Array.from(existing, (n) => normalizeStudentNumber(n)));
  return rows
    .filter((r) => r.student_number && known.has(r.student_number))
    .map((r) => ({ kind: 'duplicateExisting' as const, line: r.line, number: r.student_number }));
}

/** The translation key and arguments of a problem (students.problemsList.*). */
export const problemMessage = (p: ImportProblem): [MessageKey, Record<string, unknown>] =>
  p.kind === 'empty' ? ['students.problemsList.empty', {}] : [`students.problemsList.${p.kind}`, { ...p }];
