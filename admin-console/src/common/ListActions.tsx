import type { ReactNode } from 'react';
import { ExportButton, TopToolbar } from 'react-admin';
import { AddButton } from './AddButton';

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
    {exporter && <ExportButton />}
  </TopToolbar>
);
