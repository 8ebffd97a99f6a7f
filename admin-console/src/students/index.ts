import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./StudentList'),
    (m) => m.StudentList,
  ),
  create: lazyPage(
    () => import('./StudentCreate'),
    (m) => m.StudentCreate,
  ),
  edit: lazyPage(
    () => import('./StudentEdit'),
    (m) => m.StudentEdit,
  ),
} satisfies Pages;
