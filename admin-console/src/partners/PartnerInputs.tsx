import { NumberInput, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { nonNegativeInteger, optionalHttpsUrl } from '../common/validators';
import { useT } from '../i18n/keys';

export const PartnerInputs = () => {
  const translate = useT();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="name" />
      <LocalizedTextInput source="description" multiline />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput
          source="website_url"
          type="url"
          validate={optionalHttpsUrl}
          parse={(v: string) => (v?.trim() ? v.trim() : null)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <NumberInput source="sort_order" validate={nonNegativeInteger} min={0} step={1} />
      </Box>
      <ImageUploadInput source="logo_path" label={translate('resources.partners.fields.logo_path')} required />
    </Box>
  );
};
