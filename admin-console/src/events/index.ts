import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../registry';

export default {
  list: lazyPage(
    () => import('./EventList'),
    (m) => m.EventList,
  ),
  create: lazyPage(
    () => import('./EventCreate'),
    (m) => m.EventCreate,
  ),
  edit: lazyPage(
    () => import('./EventEdit'),
    (m) => m.EventEdit,
  ),
} satisfies Pages;
