import { DeleteWithConfirmButton, Edit, SimpleForm, useRedirect } from 'react-admin';
import { FormToolbar } from '../common/FormToolbar';
import { StudentInputs } from './StudentInputs';
import { refusalKey } from '../common/refusalKey';
import { useNotifyT, useT } from '../i18n/keys';

const EditToolbar = () => {
  const translate = useT();
  return (
    <FormToolbar
      deleteButton={
        <DeleteWithConfirmButton
          confirmTitle={translate('common.confirmDeleteTitle')}
          confirmContent={translate('common.confirmDelete')}
        />
      }
    />
  );
};

export const StudentEdit = () => {
  const notify = useNotifyT();
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
        onError: (error) =>
          notify(refusalKey(error, 'common.saveError', { 'errors.duplicate': 'students.duplicateNumber' }), {
            type: 'error',
          }),
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <StudentInputs />
      </SimpleForm>
    </Edit>
  );
};
