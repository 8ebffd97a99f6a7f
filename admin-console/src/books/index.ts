import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./BookList'),
    (m) => m.BookList,
  ),
  create: lazyPage(
    () => import('./BookCreate'),
    (m) => m.BookCreate,
  ),
  edit: lazyPage(
    () => import('./BookEdit'),
    (m) => m.BookEdit,
  ),
} satisfies Pages;
