import { toCsv } from '../common/csv';

type Row = Record<string, unknown>;

/** What public.person_data answers: everything stored about one person (docs/privacy.md). */
export interface PersonData {
  studentNumber: string | null;
  email: string | null;
  submissions: Row[];
  students: Row[];
  staff: Row[];
  audit: Row[];
}

export const PERSON_SECTIONS = ['submissions', 'students', 'staff', 'audit'] as const;
export type PersonSection = (typeof PERSON_SECTIONS)[number];

/** Counts per section (for the summary and the erasure's confirmation). */
export const sectionCounts = (data: PersonData): Record<PersonSection, number> =>
  Object.fromEntries(PERSON_SECTIONS.map((s) => [s, data[s].length])) as Record<PersonSection, number>;

export const isEmpty = (data: PersonData) => PERSON_SECTIONS.every((s) => data[s].length === 0);

/** The copy a person receives, as JSON: the answer as it is, readable. */
export const personJson = (data: PersonData): string => `${JSON.stringify(data, null, 2)}\n`;

/**
 * The same as CSV, one line per stored value (section, record, field, value), so records of
 * different shapes fit one sheet and nothing is left out; nested values (localized titles,
 * audit before/after) are JSON. Written by the console's CSV writer (BOM, no formulas).
 */
export function personCsv(data: PersonData): string {
  const rows: Record<string, string>[] = [];
  for (const section of PERSON_SECTIONS) {
    data[section].forEach((record, index) => {
      const id = record.id ?? record.email ?? index + 1;
      for (const [field, value] of Object.entries(record)) {
        if (value === null || value === undefined) continue;
        rows.push({
          section,
          record: String(id),
          field,
          value: typeof value === 'object' ? JSON.stringify(value) : String(value),
        });
      }
    });
  }
  return toCsv(['section', 'record', 'field', 'value'], rows);
}

/** personal-data-<student number or email>-<YYYY-MM-DD>.<ext>, safe as a file name anywhere. */
export function exportFileName(data: PersonData, extension: 'json' | 'csv', today: Date): string {
  const who = (data.studentNumber ?? data.email ?? 'person').replace(/[^A-Za-z0-9@._-]/g, '_');
  return `personal-data-${who}-${today.toISOString().slice(0, 10)}.${extension}`;
}
