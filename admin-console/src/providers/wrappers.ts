import type { DataProvider } from 'react-admin';
import { translateError } from './errors';

/**
 * Columns the database computes; never sent back. `is_past` and `places_left` are the events'
 * computed fields (the dashboard reads places_left, and a cached record may reach an edit form).
 */
export const READ_ONLY = ['created_at', 'updated_at', 'is_past', 'places_left', 'reviewed_at', 'reviewed_by'];
/** Resources whose reads select the computed `is_past` too. */
const COMPUTED_COLUMNS: Record<string, string[]> = { events: ['*', 'is_past'] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const strip = (data: any): any => {
  if (!data) return data;
  const copy = { ...data };
  for (const key of READ_ONLY) delete copy[key];
  return copy;
};

const withColumns = <P extends { meta?: Record<string, unknown> }>(resource: string, params: P): P =>
  COMPUTED_COLUMNS[resource] ? { ...params, meta: { columns: COMPUTED_COLUMNS[resource], ...params.meta } } : params;

/** Read-only columns stripped, computed columns selected, database errors made translatable. */
export function withConventions(base: DataProvider): DataProvider {
  const guard = <T>(promise: Promise<T>) => promise.catch(translateError);
  return {
    ...base,
    getList: (resource, params) => guard(base.getList(resource, withColumns(resource, params))),
    getOne: (resource, params) => guard(base.getOne(resource, withColumns(resource, params))),
    getMany: (resource, params) => guard(base.getMany(resource, withColumns(resource, params))),
    getManyReference: (resource, params) => guard(base.getManyReference(resource, withColumns(resource, params))),
    create: (resource, params) => guard(base.create(resource, { ...params, data: strip(params.data) })),
    update: (resource, params) =>
      guard(base.update(resource, withColumns(resource, { ...params, data: strip(params.data) }))),
    updateMany: (resource, params) => guard(base.updateMany(resource, { ...params, data: strip(params.data) })),
    delete: (resource, params) => guard(base.delete(resource, params)),
    deleteMany: (resource, params) => guard(base.deleteMany(resource, params)),
  };
}

export interface AdminUsersApi {
  invoke(body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * Staff accounts are created and deleted by the `admin-users` Edge Function (it needs the
 * service role to create the auth user); changing a role is a plain update.
 */
export function withStaffFunction(base: DataProvider, api: AdminUsersApi): DataProvider {
  return {
    ...base,
    async create(resource, params) {
      if (resource !== 'staff') return base.create(resource, params);
      const { email, password, role } = params.data as { email: string; password: string; role: string };
      const result = await api.invoke({ action: 'create', email, password, role });
      const userId = String(result.user_id);
      return { data: { id: userId, user_id: userId, email, role, created_at: new Date().toISOString() } } as never;
    },
    async delete(resource, params) {
      if (resource !== 'staff') return base.delete(resource, params);
      await api.invoke({ action: 'delete', user_id: params.id });
      return { data: params.previousData ?? { id: params.id } } as never;
    },
  };
}
