import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./StaffList'),
    (m) => m.StaffList,
  ),
  create: lazyPage(
    () => import('./StaffCreate'),
    (m) => m.StaffCreate,
  ),
  edit: lazyPage(
    () => import('./StaffEdit'),
    (m) => m.StaffEdit,
  ),
} satisfies Pages;
