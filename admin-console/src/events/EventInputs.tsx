import { BooleanInput, DateTimeInput, required, useRecordContext, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';

/** Shared by EventCreate and EventEdit. */
export const EventInputs = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="description" multiline />
      <LocalizedTextInput source="location" />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateTimeInput source="starts_at" validate={required()} />
        <BooleanInput source="registration_open" defaultValue={record ? undefined : true} />
      </Box>
      <ImageUploadInput source="photo_path" label={translate('resources.events.fields.photo_path')} required />
    </Box>
  );
};
