import { BooleanInput, TextInput, required } from 'react-admin';
import { normalizeStudentNumber } from '@union/shared/validation';

export const StudentInputs = () => (
  <>
    <TextInput source="name" validate={required()} />
    <TextInput
      source="student_number"
      validate={required()}
      parse={(v: string) => normalizeStudentNumber(v ?? '')}
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
    <BooleanInput source="enabled" />
  </>
);
