import { useMemo, type ComponentProps } from 'react';
import { DeleteWithConfirmButton, I18nContext, useI18nProvider, usePermissions, useResourceContext } from 'react-admin';
import { isSuperadmin } from '../providers/permissions';
import { useT } from '../i18n/keys';

/**
 * Delete, with a confirmation, for superadmins only: editors never see it (and the database
 * refuses them anyway).
 */
export const SuperadminDelete = () => {
  const { permissions } = usePermissions();
  const translate = useT();
  const resource = useResourceContext();
  if (!isSuperadmin(permissions)) return null;
  return (
    <DeleteWithConfirm
      confirmTitle={translate('common.confirmDeleteTitle')}
      confirmContent={translate('common.confirmDelete')}
      redirect={resource ? 'list' : false}
    />
  );
};

/**
 * react-admin's DeleteWithConfirmButton, whose dialog's button says «Delete» (ra.action.delete)
 * instead of a generic «Confirm»: its dialog takes no label, so ra.action.confirm is read as
 * ra.action.delete inside it.
 */
export const DeleteWithConfirm = (props: ComponentProps<typeof DeleteWithConfirmButton>) => {
  const i18n = useI18nProvider();
  const labelled = useMemo(
    () => ({
      ...i18n,
      translate: (key: string, options?: object) =>
        i18n.translate(key === 'ra.action.confirm' ? 'ra.action.delete' : key, options),
    }),
    [i18n],
  );
  return (
    <I18nContext.Provider value={labelled}>
      <DeleteWithConfirmButton confirmColor="warning" {...props} />
    </I18nContext.Provider>
  );
};
