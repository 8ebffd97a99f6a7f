import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./PartnerList'),
    (m) => m.PartnerList,
  ),
  create: lazyPage(
    () => import('./PartnerCreate'),
    (m) => m.PartnerCreate,
  ),
  edit: lazyPage(
    () => import('./PartnerEdit'),
    (m) => m.PartnerEdit,
  ),
} satisfies Pages;
