import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { StudentInputs } from './StudentInputs';

export const StudentCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('students.added', { type: 'success' });
          redirect('list', 'students');
        },
        onError: (error) => {
          const message = (error as { message?: string })?.message;
          notify(message === 'errors.duplicate' ? 'students.duplicateNumber' : message?.startsWith('errors.') ? message : 'common.saveError', { type: 'error' });
        },
      }}
    >
      <SimpleForm defaultValues={{ enabled: true }}>
        <StudentInputs />
      </SimpleForm>
    </Create>
  );
};
