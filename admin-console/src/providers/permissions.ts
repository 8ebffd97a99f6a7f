import type { StaffRole } from '@union/shared/constants';

/** What the console knows about the signed-in person: null role = signed in, but not staff. */
export interface Permissions {
  role: StaffRole | null;
}

export const toPermissions = (row: { role?: unknown } | null | undefined): Permissions => ({
  role: row?.role === 'editor' || row?.role === 'superadmin' ? row.role : null,
});

export const isStaff = (p: unknown): boolean => !!p && typeof p === 'object' && (p as Permissions).role != null;
export const isSuperadmin = (p: unknown): boolean =>
  !!p && typeof p === 'object' && (p as Permissions).role === 'superadmin';

/** Pages reachable without a session: the set-password link and forgot-password. */
const PUBLIC_PATHS = ['/set-password', '/forgot-password', '/login'];
export const isPublicPath = (pathname: string, basename = '/admin'): boolean => {
  const path = pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname;
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
};
