import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./AuditLogList'),
    (m) => m.AuditLogList,
  ),
} satisfies Pages;
