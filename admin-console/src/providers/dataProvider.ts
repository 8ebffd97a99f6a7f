import type { DataProvider } from 'react-admin';
import { supabaseDataProvider } from 'ra-supabase';
import { IMAGE_BUCKET } from '@union/shared/constants';
import { auth } from './auth';
import { config, supabase } from './supabase';
import { withImages, type ImageStore } from './images';
import { withSearch } from './search';
import { withConventions, withStaffFunction, type AdminUsersApi } from './wrappers';
import { withVersions } from './versions';
import { functionErrorBody, translateError } from './errors';
import { collect } from '../registry';

// Primary keys other than `id` (ra-data-postgrest turns them into the record's id).
const primaryKeys = new Map<string, string[]>(Object.entries(collect((r) => r.primaryKey && [...r.primaryKey])));

const adminUsersApi: AdminUsersApi = {
  async invoke(body) {
    const { data, error } = await supabase.functions.invoke('admin-users', { body });
    if (error) translateError(await functionErrorBody(error));
    return (data ?? {}) as Record<string, unknown>;
  },
};

const imageStore: ImageStore = {
  async upload(path, file) {
    const { error } = await supabase.storage.from(IMAGE_BUCKET).upload(path, file, { upsert: false });
    if (error) translateError(error);
  },
  async remove(paths) {
    const { error } = await supabase.storage.from(IMAGE_BUCKET).remove(paths);
    if (error) throw error;
  },
};

const base = supabaseDataProvider({
  instanceUrl: config.supabaseUrl,
  apiKey: config.supabaseAnonKey,
  // Its requests take the token from the client's `auth`: the one auth client (auth.ts).
  supabaseClient: { auth } as never,
  primaryKeys,
});

// Outermost first: images (upload / remove files), staff via the Edge Function, free-text
// search, row versions (every update names the version it read), then the conventions every
// call shares.
export const dataProvider: DataProvider = withImages(
  withStaffFunction(
    withSearch(
      withVersions(
        withConventions(
          base,
          collect((r) => r.computed && [...r.computed]),
        ),
      ),
      collect((r) => r.search && [...r.search]),
    ),
    adminUsersApi,
  ),
  imageStore,
  collect((r) => r.image),
);
