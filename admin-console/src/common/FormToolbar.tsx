import type { ReactNode } from 'react';
import { SaveButton, Toolbar } from 'react-admin';
import { Box } from '@mui/material';
import { CancelButton } from './CancelButton';

/** A form's toolbar: save and cancel together at the start, a delete button (if any) at the far end. */
export const FormToolbar = ({ deleteButton }: { deleteButton?: ReactNode }) => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
    <Box sx={{ display: 'flex', gap: 1 }}>
      <SaveButton />
      <CancelButton />
    </Box>
    {deleteButton}
  </Toolbar>
);
