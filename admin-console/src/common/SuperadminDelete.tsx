import { DeleteWithConfirmButton, usePermissions, useResourceContext } from 'react-admin';
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
    <DeleteWithConfirmButton
      confirmTitle={translate('common.confirmDeleteTitle')}
      confirmContent={translate('common.confirmDelete')}
      redirect={resource ? 'list' : false}
    />
  );
};
