import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm, useResourceContext } from 'react-admin';
import { SuperadminDelete } from './SuperadminDelete';
import { FormToolbar } from './FormToolbar';
import { refusalKey } from './refusalKey';
import { PHOTO_TOO_LARGE } from '../providers/images';
import type { MessageKey } from '../i18n/keys';
import { useNotifyT } from '../i18n/keys';

/** A save failure: the database's own refusal when it has a key, a photo too large to upload, else "Failed to save <thing>". */
const useSaveErrorHandler = () => {
  const notify = useNotifyT();
  const resource = useResourceContext() ?? '';
  // Every content resource has its own wording under errors.failedToSave (resources.test.ts checks it).
  const fallback = `errors.failedToSave.${resource}` as MessageKey;
  return (error: unknown) => {
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

/** Edit page of a content resource: pessimistic (so refusals show before leaving), delete for superadmins. */
export const ContentEdit = ({ children, actions }: { children: ReactNode; actions?: ReactNode }) => {
  const onError = useSaveErrorHandler();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }} actions={actions}>
      <SimpleForm toolbar={<FormToolbar deleteButton={<SuperadminDelete />} />} sx={{ maxWidth: 1100 }} noValidate>
        {children}
      </SimpleForm>
    </Edit>
  );
};
