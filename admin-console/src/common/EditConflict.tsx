import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useRedirect, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import { ConflictDialog } from './ConflictDialog';
import { refusalKey } from './refusalKey';
import { staleConflict, type StaleConflict } from '../providers/versions';
import { useNotifyT, useT, type MessageKey } from '../i18n/keys';

/**
 * The conflict of an edit form whose save was refused as stale: inside the form, so that "load
 * the latest" replaces the form's values and "save mine" sends them, over the current version.
 */
export const EditConflict = ({
  conflict,
  onConflict,
}: {
  conflict: StaleConflict;
  onConflict: (next: StaleConflict | null) => void;
}) => {
  const form = useFormContext();
  const resource = useResourceContext() ?? '';
  const translate = useT();
  const notify = useNotifyT();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [update] = useUpdate();
  const [busy, setBusy] = useState(false);
  const { previous, current } = conflict;

  const overwrite = () => {
    if (!current) return;
    setBusy(true);
    update(
      resource,
      { id: current.id, data: form.getValues(), previousData: current },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onConflict(null);
          notify('conflict.overwritten', { type: 'success' });
          redirect('list', resource);
        },
        onError: (error) => {
          setBusy(false);
          const again = staleConflict(error);
          if (again) onConflict(again);
          else notify(refusalKey(error, `errors.failedToSave.${resource}` as MessageKey), { type: 'error' });
        },
      },
    );
  };

  return (
    <ConflictDialog
      previous={previous}
      current={current}
      busy={busy}
      label={(field) => translate(`resources.${resource}.fields.${field}` as MessageKey, { _: field })}
      onKeepEditing={() => onConflict(null)}
      onLoadLatest={() => {
        if (current) form.reset(current);
        onConflict(null);
        refresh();
      }}
      onOverwrite={current ? overwrite : undefined}
    />
  );
};
