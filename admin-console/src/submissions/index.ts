import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

export default {
  list: lazyPage(
    () => import('./SubmissionList'),
    (m) => m.SubmissionList,
  ),
  show: lazyPage(
    () => import('./SubmissionShow'),
    (m) => m.SubmissionShow,
  ),
} satisfies Pages;
