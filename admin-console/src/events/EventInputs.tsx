import { BooleanInput, DateTimeInput, NumberInput, required, useRecordContext, type Validator } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { capacityProblem, deadlineProblem } from './seatRules';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';

// The database checks the same (events_capacity_check, events_registration_deadline_before_start);
// these only say it before saving, in the staff member's language.
const validateCapacity: Validator = (value) => capacityProblem(value);
const validateDeadline: Validator = (value, values: { starts_at?: unknown }) =>
  deadlineProblem(value, values.starts_at);

/** Shared by EventCreate and EventEdit. */
export const EventInputs = () => {
  const translate = useT();
  const record = useRecordContext<Rec<'events'>>();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="description" multiline />
      <LocalizedTextInput source="location" />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateTimeInput source="starts_at" validate={required()} />
        <BooleanInput source="registration_open" defaultValue={record ? undefined : true} />
      </Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <NumberInput
          source="capacity"
          min={1}
          step={1}
          validate={validateCapacity}
          helperText={msg('events.helpers.capacity')}
          sx={{ maxWidth: 360 }}
        />
        <DateTimeInput
          source="registration_deadline"
          validate={validateDeadline}
          helperText={msg('events.helpers.registrationDeadline')}
          sx={{ maxWidth: 360 }}
        />
      </Box>
      <BooleanInput
        source="evaluation_attendees_only"
        defaultValue={record ? undefined : false}
        helperText="events.helpers.evaluationAttendeesOnly"
      />
      <ImageUploadInput source="photo_path" label={translate('resources.events.fields.photo_path')} required />
    </Box>
  );
};
