import {
  Create,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  email,
  required,
  useRedirect,
  type Validator,
} from 'react-admin';
import { Typography } from '@mui/material';
import { passwordProblems } from '@union/shared/validation';
import { staffRoleChoices } from '../common/choices';
import { refusalKey } from '../common/refusalKey';
import { FormToolbar } from '../common/FormToolbar';
import { msg, useNotifyT, useT } from '../i18n/keys';

const strongPassword: Validator = (value: unknown) =>
  typeof value === 'string' && passwordProblems(value).length === 0 ? undefined : 'errors.weak_password';

/** A new staff account through the admin-users Edge Function (see providers/dataProvider.ts). */
export const StaffCreate = () => {
  const notify = useNotifyT();
  const redirect = useRedirect();
  const translate = useT();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('users.created_ok', { type: 'success' });
          redirect('list', 'staff');
        },
        onError: (error) => notify(refusalKey(error, 'common.saveError'), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ role: 'editor' }} toolbar={<FormToolbar />}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('users.addHelp')}
        </Typography>
        <TextInput
          source="email"
          type="email"
          validate={[required(), email('auth.emailInvalid')]}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <PasswordInput
          source="password"
          validate={[required(), strongPassword]}
          helperText={msg('auth.passwordPolicy')}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <SelectInput source="role" choices={staffRoleChoices} validate={required()} />
      </SimpleForm>
    </Create>
  );
};
