// The one CSV writer of the console: every staff export (submissions, attendees, any list's
// export button, personal data) is written here, so each gets the same protections. Loaded on
// demand (csvExport.ts, `await import(…)`): papaparse is not part of the first page load.
import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula (OWASP, "CSV Injection"): a leading = + - @, tab or
 * carriage return, also after leading white space (spreadsheets trim it), and the full-width
 * forms some spreadsheets accept too. Such a cell is written with a leading apostrophe, which
 * spreadsheets show as text. Papa's own `escapeFormulae: true` pattern misses values with a line
 * break and values that start with a space, so the pattern is given here.
 */
export const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

export type CsvValue = string | number | boolean | null | undefined;
export type CsvRow = Readonly<Record<string, CsvValue>>;

/**
 * A CSV file: a header line with `columns`, one line per row (missing values empty), CRLF line
 * ends (RFC 4180), formula-like text neutralised, and a UTF-8 byte-order mark so that Excel
 * reads the Arabic and Turkish letters as UTF-8 instead of mojibake.
 */
export function toCsv(columns: readonly string[], rows: readonly CsvRow[]): string {
  const body = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? '')) },
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
  return `\uFEFF${body}\r\n`;
}

/**
 * A record as flat columns: a localized text ({ar, en, tr}) or another object becomes one column
 * per key (`title.ar`, `title.en`, …), as react-admin's default exporter names them; lists are JSON.
 */
export function flatten(record: Readonly<Record<string, unknown>>): Record<string, CsvValue> {
  const out: Record<string, CsvValue> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [sub, inner] of Object.entries(value))
        out[`${key}.${sub}`] =
          inner !== null && typeof inner === 'object' ? JSON.stringify(inner) : (inner as CsvValue);
    else out[key] = Array.isArray(value) ? JSON.stringify(value) : (value as CsvValue);
  }
  return out;
}

/** Every column of `rows`, in the order they first appear. */
export const columnsOf = (rows: readonly CsvRow[]): string[] => [...new Set(rows.flatMap((r) => Object.keys(r)))];
