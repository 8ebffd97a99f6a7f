import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

// One page for every setting (a form, not a list of rows), at the resource's list address.
export default {
  list: lazyPage(
    () => import('./SettingsPage'),
    (m) => m.SettingsPage,
  ),
} satisfies Pages;
