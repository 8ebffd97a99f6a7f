import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useRedirect, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import { ConflictDialog } from './ConflictDialog';
import { refusalKey } from './refusalKey';
import { staleConflict, type StaleConflict } from '../providers/versions';
import type { Merge } from '../providers/merge';
import { useNotifyT, useT, type MessageKey } from '../i18n/keys';

/** The label of a resource's field, as its form shows it. */
export const useFieldLabel = (): ((field: string) => string) => {
  const resource = useResourceContext() ?? '';
  const translate = useT();
  return (field) => translate(`resources.${resource}.fields.${field}` as MessageKey, { _: field });
};

// A photo picked in the form was uploaded with the refused save and removed again when it was
// refused (providers/images.ts): the form still holds the file, so the merged save uploads it anew.
const isPickedFile = (value: unknown) => !!value && typeof value === 'object' && 'rawFile' in value;

/**
 * The conflict of an edit form whose save was refused as stale (both changed the same field:
 * the data provider merges the rest itself): inside the form, so that "load the latest" replaces
 * the form's values, and saving writes my changes and the chosen values onto the current version,
 * keeping the other person's other changes.
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
  const notify = useNotifyT();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [update] = useUpdate();
  const [busy, setBusy] = useState(false);
  const label = useFieldLabel();
  const { previous, current, mine } = conflict;

  const save = (merge: Merge) => {
    if (!current) return;
    setBusy(true);
    const values = form.getValues();
    const data = { ...merge.record };
    for (const [field, value] of Object.entries(values))
      if (isPickedFile(value) && mine && JSON.stringify(data[field]) === JSON.stringify(mine[field]))
        data[field] = value;
    update(
      resource,
      { id: current.id, data, previousData: current },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onConflict(null);
          notify('conflict.savedChoices', { type: 'success' });
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
      mine={mine ?? form.getValues()}
      label={label}
      onKeepEditing={() => onConflict(null)}
      onLoadLatest={() => {
        if (current) form.reset(current);
        onConflict(null);
        refresh();
      }}
      onSaveMerged={current ? save : undefined}
    />
  );
};
