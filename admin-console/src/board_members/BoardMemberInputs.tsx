import { NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { boardRoleChoices, genderChoices } from '../common/choices';
import { nonNegativeInteger, optionalHttpsUrl } from '../common/validators';
import { DEFAULT_AVATARS } from '../common/avatars';
import { useT } from '../i18n/keys';

const SOCIALS = ['linkedin_url', 'twitter_url', 'instagram_url', 'facebook_url'];

export const BoardMemberInputs = () => {
  const translate = useT();
  const gender = useWatch({ name: 'gender' }) as 'male' | 'female' | undefined;
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedTextInput source="name" />
      <LocalizedTextInput source="title" />
      <LocalizedTextInput source="bio" multiline />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {/* In Arabic a title has a form for each gender: the chosen gender's, or both until one is chosen. */}
        <SelectInput
          source="role"
          choices={boardRoleChoices}
          validate={required()}
          optionText={(choice: (typeof boardRoleChoices)[number]) => {
            const male = translate(choice.name);
            const female = translate(choice.name, { context: 'female' });
            if (gender) return gender === 'female' ? female : male;
            return male === female ? male : `${male} / ${female}`;
          }}
        />
        <SelectInput source="gender" choices={genderChoices} validate={required()} />
        <NumberInput source="sort_order" validate={nonNegativeInteger} min={0} step={1} />
      </Box>
      <ImageUploadInput
        source="photo_path"
        label={translate('resources.board_members.fields.photo_path')}
        placeholder={DEFAULT_AVATARS[gender === 'female' ? 'female' : 'male']}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {translate('board.defaultAvatar')}
      </Typography>
      <Typography variant="subtitle2">{translate('board.socials')}</Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {SOCIALS.map((s) => (
          <TextInput
            key={s}
            source={s}
            type="url"
            validate={optionalHttpsUrl}
            parse={(v: string) => (v?.trim() ? v.trim() : null)}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
        ))}
      </Box>
    </Box>
  );
};
