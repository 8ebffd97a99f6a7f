import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
import { StudentInputs } from './StudentInputs';

const EditToolbar = () => {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton confirmTitle={translate('common.confirmDeleteTitle')} confirmContent={translate('common.confirmDelete')} />
    </Toolbar>
  );
};

export const StudentEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('students.updated', { type: 'success' });
          redirect('list', 'students');
        },
        onError: (error) => {
          const message = (error as { message?: string })?.message;
          notify(message === 'errors.duplicate' ? 'students.duplicateNumber' : message?.startsWith('errors.') ? message : 'common.saveError', { type: 'error' });
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <StudentInputs />
      </SimpleForm>
    </Edit>
  );
};
