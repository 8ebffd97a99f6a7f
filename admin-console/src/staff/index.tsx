import { lazy } from 'react';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import { superadminOnly } from '../superadmin/guard';

export default {
  list: superadminOnly(lazy(() => import('./StaffList').then((m) => ({ default: m.StaffList })))),
  create: superadminOnly(lazy(() => import('./StaffCreate').then((m) => ({ default: m.StaffCreate })))),
  edit: superadminOnly(lazy(() => import('./StaffEdit').then((m) => ({ default: m.StaffEdit })))),
  icon: ManageAccounts,
  recordRepresentation: 'email',
};
