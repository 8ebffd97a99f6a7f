import type { DataProvider } from 'react-admin';
import { translateError } from './errors';

/** Columns the database sets itself, on every table that has them; never sent back. */
const READ_ONLY = ['created_at', 'updated_at', 'reviewed_at', 'reviewed_by'];

/**
 * Read-only columns stripped, computed fields (per resource: `computed`, from the registry)
 * selected with every read and stripped from writes, database errors made translatable.
 */
export function withConventions(base: DataProvider, computed: Record<string, string[]>): DataProvider {
  const strip = <D>(resource: string, data: D): D => {
    if (!data || typeof data !== 'object') return data;
    const copy = { ...data } as Record<string, unknown>;
    for (const key of [...READ_ONLY, ...(computed[resource] ?? [])]) delete copy[key];
    return copy as D;
  };
  const withColumns = <P extends { meta?: Record<string, unknown> }>(resource: string, params: P): P =>
    computed[resource] ? { ...params, meta: { columns: ['*', ...computed[resource]], ...params.meta } } : params;
  const guard = <T>(promise: Promise<T>) => promise.catch(translateError);
  return {
    ...base,
    getList: (resource, params) => guard(base.getList(resource, withColumns(resource, params))),
    getOne: (resource, params) => guard(base.getOne(resource, withColumns(resource, params))),
    getMany: (resource, params) => guard(base.getMany(resource, withColumns(resource, params))),
    getManyReference: (resource, params) => guard(base.getManyReference(resource, withColumns(resource, params))),
    create: (resource, params) => guard(base.create(resource, { ...params, data: strip(resource, params.data) })),
    update: (resource, params) =>
      guard(base.update(resource, withColumns(resource, { ...params, data: strip(resource, params.data) }))),
    updateMany: (resource, params) =>
      guard(base.updateMany(resource, { ...params, data: strip(resource, params.data) })),
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
