import { BooleanInput, useRecordContext, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';

export const BookInputs = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="author" />
      <LocalizedTextInput source="description" multiline />
      <BooleanInput source="available" defaultValue={record ? undefined : true} />
      <ImageUploadInput source="cover_path" label={translate('resources.books.fields.cover_path')} />
    </Box>
  );
};
