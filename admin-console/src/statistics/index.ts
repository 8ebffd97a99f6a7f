import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./StatisticList'),
    (m) => m.StatisticList,
  ),
  create: lazyPage(
    () => import('./StatisticCreate'),
    (m) => m.StatisticCreate,
  ),
  edit: lazyPage(
    () => import('./StatisticEdit'),
    (m) => m.StatisticEdit,
  ),
} satisfies Pages;
