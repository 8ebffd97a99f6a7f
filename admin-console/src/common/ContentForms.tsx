import { useState, type ReactNode } from 'react';
import { Create, Edit, SimpleForm, TopToolbar, useResourceContext } from 'react-admin';
import { SuperadminDelete } from './SuperadminDelete';
import { FormToolbar } from './FormToolbar';
import { EditConflict } from './EditConflict';
import { RecordHistoryButton } from './RecordHistory';
import { staleConflict, type StaleConflict } from '../providers/versions';
import { refusalKey } from './refusalKey';
import { PHOTO_TOO_LARGE } from '../providers/images';
import type { MessageKey } from '../i18n/keys';
import { useNotifyT } from '../i18n/keys';

/**
 * A save failure: someone else's save first (`onStale`: the form shows the conflict), the
 * database's own refusal when it has a key, a photo too large to upload, else "Failed to save <thing>".
 */
const useSaveErrorHandler = (onStale?: (conflict: StaleConflict) => void) => {
  const notify = useNotifyT();
  const resource = useResourceContext() ?? '';
  // Every content resource has its own wording under errors.failedToSave (resources.test.ts checks it).
  const fallback = `errors.failedToSave.${resource}` as MessageKey;
  return (error: unknown) => {
    const conflict = staleConflict(error);
    if (conflict && onStale) return onStale(conflict);
    notify(refusalKey(error, fallback, { [PHOTO_TOO_LARGE]: PHOTO_TOO_LARGE }), {
      type: 'error',
      messageArgs: { _: 'errors.generic' },
    });
  };
};

const CreateInner = ({ children, defaultValues }: { children: ReactNode; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm toolbar={<FormToolbar />} defaultValues={defaultValues} sx={{ maxWidth: 1100 }} noValidate>
    {children}
  </SimpleForm>
);

/** Create page of a content resource: the shared inputs, save, a translated failure. */
export const ContentCreate = ({
  children,
  defaultValues,
}: {
  children: ReactNode;
  defaultValues?: Record<string, unknown>;
}) => {
  const onError = useSaveErrorHandler();
  return (
    <Create redirect="list" mutationOptions={{ onError }}>
      <CreateInner defaultValues={defaultValues}>{children}</CreateInner>
    </Create>
  );
};

/**
 * Edit page of a content resource: pessimistic (so refusals show before leaving), delete for
 * superadmins; a save refused because someone else saved first keeps the form and shows the conflict.
 * The top bar has the record's History and the resource's own `actions` (buttons).
 */
export const ContentEdit = ({ children, actions }: { children: ReactNode; actions?: ReactNode }) => {
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const onError = useSaveErrorHandler(setConflict);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError }}
      actions={
        <TopToolbar>
          <RecordHistoryButton />
          {actions}
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<FormToolbar deleteButton={<SuperadminDelete />} />} sx={{ maxWidth: 1100 }} noValidate>
        {children}
        {conflict && <EditConflict conflict={conflict} onConflict={setConflict} />}
      </SimpleForm>
    </Edit>
  );
};
