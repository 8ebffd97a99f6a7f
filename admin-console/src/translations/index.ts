import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

// The page bundles the public site's texts in three languages: loaded only when opened.
export default {
  list: lazyPage(
    () => import('./TranslationsPage'),
    (m) => m.TranslationsPage,
  ),
} satisfies Pages;
