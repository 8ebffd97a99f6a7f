import { lazy } from 'react';
import School from '@mui/icons-material/School';
import { superadminOnly } from '../superadmin/guard';

// Lazy: superadmin-only pages (and papaparse) stay out of the initial bundle.
export default {
  list: superadminOnly(lazy(() => import('./StudentList').then((m) => ({ default: m.StudentList })))),
  create: superadminOnly(lazy(() => import('./StudentCreate').then((m) => ({ default: m.StudentCreate })))),
  edit: superadminOnly(lazy(() => import('./StudentEdit').then((m) => ({ default: m.StudentEdit })))),
  icon: School,
  recordRepresentation: 'name',
};
