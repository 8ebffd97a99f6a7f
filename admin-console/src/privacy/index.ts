import { lazy } from 'react';
import { superadminOnly } from '../superadmin/guard';

/** Requests about personal data: superadmins only, loaded when opened. */
export const PrivacyRequestsPage = superadminOnly(
  lazy(() => import('./PrivacyRequestsPage').then((m) => ({ default: m.PrivacyRequestsPage }))),
);
