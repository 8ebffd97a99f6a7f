import { useState } from 'react';
import { Edit, SimpleForm, TopToolbar, useRedirect } from 'react-admin';
import { FormToolbar } from '../common/FormToolbar';
import { DeleteWithConfirm } from '../common/SuperadminDelete';
import { StudentInputs } from './StudentInputs';
import { refusalKey } from '../common/refusalKey';
import { EditConflict } from '../common/EditConflict';
import { RecordHistoryButton } from '../common/RecordHistory';
import { staleConflict, type StaleConflict } from '../providers/versions';
import { useNotifyT, useT } from '../i18n/keys';

const EditToolbar = () => {
  const translate = useT();
  return (
    <FormToolbar
      deleteButton={
        <DeleteWithConfirm
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
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <RecordHistoryButton />
        </TopToolbar>
      }
      mutationOptions={{
        onSuccess: () => {
          notify('students.updated', { type: 'success' });
          redirect('list', 'students');
        },
        onError: (error) => {
          const stale = staleConflict(error);
          if (stale) return setConflict(stale);
          notify(refusalKey(error, 'common.saveError', { 'errors.duplicate': 'students.duplicateNumber' }), {
            type: 'error',
          });
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <StudentInputs />
        {conflict && <EditConflict conflict={conflict} onConflict={setConflict} />}
      </SimpleForm>
    </Edit>
  );
};
