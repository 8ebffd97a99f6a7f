import { DateInput, required, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';

export const AchievementInputs = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="description" multiline />
      <DateInput source="achieved_on" validate={required()} />
      <ImageUploadInput source="photo_path" label={translate('resources.achievements.fields.photo_path')} required />
    </Box>
  );
};
