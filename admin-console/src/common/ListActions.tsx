import type { ReactNode } from 'react';
import { ExportButton, TopToolbar, type Exporter } from 'react-admin';
import { AddButton } from './AddButton';

/** Every field of the list through the console's one CSV writer (loaded only when someone exports). */
const exportRecords: Exporter = (...args) =>
  import('./csvExport').then(({ recordsExporter }) => recordsExporter(...args));

/** A list's toolbar: add (a plain button on every screen, see AddButton), extras, export. */
export const ListActions = ({
  addLabel,
  children,
  exporter = true,
}: {
  addLabel?: string;
  children?: ReactNode;
  exporter?: boolean;
}) => (
  <TopToolbar>
    <AddButton label={addLabel} />
    {children}
    {exporter && <ExportButton exporter={exportRecords} />}
  </TopToolbar>
);
