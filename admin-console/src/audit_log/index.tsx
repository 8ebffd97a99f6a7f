import { lazy } from 'react';
import History from '@mui/icons-material/History';
import { superadminOnly } from '../superadmin/guard';

export default {
  list: superadminOnly(lazy(() => import('./AuditLogList').then((m) => ({ default: m.AuditLogList })))),
  icon: History,
};
