// Saving CSV files in the browser: the lists' exporters, loaded only when someone exports.
import { downloadCSV, type Exporter } from 'react-admin';
import { columnsOf, flatten, toCsv } from './csv';

export { toCsv };

/** Saves `csv` (from toCsv) as <name>.csv. */
export const saveCsv = (csv: string, name: string): void => downloadCSV(csv, name);

/** The export of any list that needs no columns of its own: every field, named <resource>.csv. */
export const recordsExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  const rows = (records as Record<string, unknown>[]).map(flatten);
  saveCsv(toCsv(columnsOf(rows), rows), resource ?? 'export');
};
