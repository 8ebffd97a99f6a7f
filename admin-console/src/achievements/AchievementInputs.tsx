import { DateInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { useT } from '../i18n/keys';

export const AchievementInputs = () => {
  const translate = useT();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="description" multiline />
      <DateInput source="achieved_on" validate={required()} />
      <ImageUploadInput source="photo_path" label={translate('resources.achievements.fields.photo_path')} required />
    </Box>
  );
};
