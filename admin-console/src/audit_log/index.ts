import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../registry';

export default {
  list: lazyPage(
    () => import('./AuditLogList'),
    (m) => m.AuditLogList,
  ),
} satisfies Pages;
