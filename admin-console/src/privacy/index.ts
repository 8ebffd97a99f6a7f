import { lazyPage } from '../common/lazyPage';

/** Requests about personal data (superadmins only, see the registry's `admin` group). */
export default lazyPage(
  () => import('./PrivacyRequestsPage'),
  (m) => m.PrivacyRequestsPage,
);
