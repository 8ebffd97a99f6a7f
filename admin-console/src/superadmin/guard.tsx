import type { ComponentType } from 'react';
import { usePermissions } from 'react-admin';
import { isSuperadmin } from '../providers/permissions';
import { SuperadminOnly } from '../layout/NoAccess';

/**
 * Students, users and the audit log are for superadmins only. Editors who open them by
 * address read "only superadmins can access this page"; the database refuses them anyway.
 */
export const superadminOnly = (Page: ComponentType) => {
  const Guarded = () => {
    const { permissions, isPending } = usePermissions();
    if (isPending) return null;
    return isSuperadmin(permissions) ? <Page /> : <SuperadminOnly />;
  };
  return Guarded;
};
