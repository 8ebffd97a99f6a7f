import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

// The union's tokens: four rows the migration made, so a list and an edit page, no create.
export default {
  list: lazyPage(
    () => import('./CredentialList'),
    (m) => m.CredentialList,
  ),
  edit: lazyPage(
    () => import('./CredentialEdit'),
    (m) => m.CredentialEdit,
  ),
} satisfies Pages;
