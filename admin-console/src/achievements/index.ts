import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./AchievementList'),
    (m) => m.AchievementList,
  ),
  create: lazyPage(
    () => import('./AchievementCreate'),
    (m) => m.AchievementCreate,
  ),
  edit: lazyPage(
    () => import('./AchievementEdit'),
    (m) => m.AchievementEdit,
  ),
} satisfies Pages;
