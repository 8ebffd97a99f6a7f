import { lazyPage } from '../common/lazyPage';

/** The yearly handover checklist (superadmins only, see the registry's `admin` group). */
export default lazyPage(
  () => import('./HandoverPage'),
  (m) => m.HandoverPage,
);
