import { Create, SimpleForm, useRedirect } from 'react-admin';
import { StudentInputs } from './StudentInputs';
import { FormToolbar } from '../common/FormToolbar';
import { refusalKey } from '../common/refusalKey';
import { useNotifyT } from '../i18n/keys';

export const StudentCreate = () => {
  const notify = useNotifyT();
  const redirect = useRedirect();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('students.added', { type: 'success' });
          redirect('list', 'students');
        },
        onError: (error) =>
          notify(refusalKey(error, 'common.saveError', { 'errors.duplicate': 'students.duplicateNumber' }), {
            type: 'error',
          }),
      }}
    >
      <SimpleForm defaultValues={{ enabled: true }} toolbar={<FormToolbar />}>
        <StudentInputs />
      </SimpleForm>
    </Create>
  );
};
