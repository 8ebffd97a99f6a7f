import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./BoardMemberList'),
    (m) => m.BoardMemberList,
  ),
  create: lazyPage(
    () => import('./BoardMemberCreate'),
    (m) => m.BoardMemberCreate,
  ),
  edit: lazyPage(
    () => import('./BoardMemberEdit'),
    (m) => m.BoardMemberEdit,
  ),
} satisfies Pages;
