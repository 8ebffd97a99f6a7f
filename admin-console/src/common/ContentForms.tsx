import { useRef, useState, type ReactNode } from 'react';
import { Create, Edit, SimpleForm, TopToolbar, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { SuperadminDelete } from './SuperadminDelete';
import { FormToolbar } from './FormToolbar';
import { EditConflict, useFieldLabel } from './EditConflict';
import { pathLabel, useMergedNotice } from './ConflictDialog';
import { RecordHistoryButton } from './RecordHistory';
import { staleConflict, type MergeMeta, type StaleConflict } from '../providers/versions';
import { refusalKey } from './refusalKey';
import { PHOTO_TOO_LARGE } from '../providers/images';
import type { MessageKey } from '../i18n/keys';
import { useNotifyT, useT } from '../i18n/keys';

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
 * The success of an edit form's save: react-admin's own "saved" notice, or, when someone else
 * had saved other fields meanwhile and the data provider kept both, a notice naming their fields.
 */
const useMergedSaveNotice = () => {
  const notify = useNotify();
  const notifyMerged = useMergedNotice();
  const translate = useT();
  const redirect = useRedirect();
  const resource = useResourceContext() ?? '';
  const label = useFieldLabel();
  const merged = useRef<string[] | null>(null);
  const meta: MergeMeta = { onMerged: (theirs) => (merged.current = theirs) };
  const onSuccess = (data: { id: unknown }) => {
    const theirs = merged.current;
    merged.current = null;
    if (theirs && theirs.length > 0) notifyMerged(theirs.map((p) => pathLabel(p, label, translate)));
    else
      notify(`resources.${resource}.notifications.updated`, {
        type: 'info',
        messageArgs: { smart_count: 1, _: translate('ra.notification.updated', { smart_count: 1 }) },
      });
    redirect('list', resource, data.id as never);
  };
  return { meta, onSuccess };
};

/**
 * Edit page of a content resource: pessimistic (so refusals show before leaving), delete for
 * superadmins; a save refused because someone else saved first keeps the form and shows the conflict.
 * The top bar has the record's History and the resource's own `actions` (buttons).
 */
export const ContentEdit = ({ children, actions }: { children: ReactNode; actions?: ReactNode }) => {
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const onError = useSaveErrorHandler(setConflict);
  const onSuccess = useMergedSaveNotice();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError, ...onSuccess }}
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
