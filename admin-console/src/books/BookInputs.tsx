import { BooleanInput, useRecordContext } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';

export const BookInputs = () => {
  const translate = useT();
  const record = useRecordContext<Rec<'books'>>();
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
