import type { DataProvider } from 'react-admin';

// The data provider (ra-supabase's PostgREST client and its query-string library, the image
// uploads and resizing) is loaded on the first call: the sign-in page needs none of it.
let loading: Promise<DataProvider> | null = null;
const real = () => (loading ??= import('./dataProvider').then((m) => m.dataProvider));

export const lazyDataProvider: DataProvider = {
  getList: async (resource, params) => (await real()).getList(resource, params),
  getOne: async (resource, params) => (await real()).getOne(resource, params),
  getMany: async (resource, params) => (await real()).getMany(resource, params),
  getManyReference: async (resource, params) => (await real()).getManyReference(resource, params),
  create: async (resource, params) => (await real()).create(resource, params),
  update: async (resource, params) => (await real()).update(resource, params),
  updateMany: async (resource, params) => (await real()).updateMany(resource, params),
  delete: async (resource, params) => (await real()).delete(resource, params),
  deleteMany: async (resource, params) => (await real()).deleteMany(resource, params),
};
