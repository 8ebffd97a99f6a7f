import type { DataProvider, RaRecord } from 'react-admin';
import { imageObjectName } from '@union/shared/storage';
import type { ImageFolder } from '@union/shared/constants';

/** Which column of which resource holds an image path, and its folder in the `images` bucket. */
export const IMAGE_FIELDS: Record<string, { field: string; folder: ImageFolder }> = {
  events: { field: 'photo_path', folder: 'events' },
  achievements: { field: 'photo_path', folder: 'achievements' },
  board_members: { field: 'photo_path', folder: 'board-members' },
  books: { field: 'cover_path', folder: 'books' },
};

/** What an image input holds: a stored path, a freshly picked file, or nothing. */
export type ImageValue = string | null | undefined | { rawFile?: File | Blob & { name?: string }; src?: string; title?: string; path?: string };

export interface ImageStore {
  upload(path: string, file: Blob): Promise<void>;
  remove(paths: string[]): Promise<void>;
}

interface Resolved {
  path: string | null;
  uploaded: string | null;
}

async function resolveImage(value: ImageValue, folder: ImageFolder, store: ImageStore, now: () => Date): Promise<Resolved> {
  if (value == null || value === '') return { path: null, uploaded: null };
  if (typeof value === 'string') return { path: value, uploaded: null };
  if (value.rawFile) {
    const name = (value.rawFile as { name?: string }).name || value.title || 'image';
    const path = imageObjectName(folder, name, now());
    await store.upload(path, value.rawFile);
    return { path, uploaded: path };
  }
  return { path: value.path ?? null, uploaded: null };
}

// Removing an old file must never make a successful save look failed: a leftover file is
// harmless, a lost record change is not.
const removeQuietly = async (store: ImageStore, paths: (string | null | undefined)[]) => {
  const list = paths.filter((p): p is string => typeof p === 'string' && p !== '');
  if (list.length === 0) return;
  try {
    await store.remove(list);
  } catch {
    /* ignored on purpose */
  }
};

/**
 * Wraps a data provider so image inputs become storage objects: a picked file is uploaded as
 * `<folder>/<original name>-<timestamp>.<ext>` and its path saved in the column; the old file
 * is removed after a successful replace, clear or delete; an upload is removed again when the
 * save fails.
 */
export function withImages(base: DataProvider, store: ImageStore, now: () => Date = () => new Date()): DataProvider {
  return {
    ...base,
    async create(resource, params) {
      const spec = IMAGE_FIELDS[resource];
      if (!spec) return base.create(resource, params);
      const { path, uploaded } = await resolveImage(params.data?.[spec.field], spec.folder, store, now);
      try {
        return await base.create(resource, { ...params, data: { ...params.data, [spec.field]: path } });
      } catch (error) {
        await removeQuietly(store, [uploaded]);
        throw error;
      }
    },
    async update(resource, params) {
      const spec = IMAGE_FIELDS[resource];
      if (!spec || !(spec.field in (params.data ?? {}))) return base.update(resource, params);
      const { path, uploaded } = await resolveImage(params.data[spec.field], spec.folder, store, now);
      let result;
      try {
        result = await base.update(resource, { ...params, data: { ...params.data, [spec.field]: path } });
      } catch (error) {
        await removeQuietly(store, [uploaded]);
        throw error;
      }
      const old = (params.previousData as RaRecord | undefined)?.[spec.field];
      if (old && old !== path) await removeQuietly(store, [old]);
      return result;
    },
    async delete(resource, params) {
      const spec = IMAGE_FIELDS[resource];
      const result = await base.delete(resource, params);
      if (spec) {
        const old = (params.previousData as RaRecord | undefined)?.[spec.field] ?? (result.data as RaRecord | undefined)?.[spec.field];
        await removeQuietly(store, [old]);
      }
      return result;
    },
    async deleteMany(resource, params) {
      const spec = IMAGE_FIELDS[resource];
      if (!spec) return base.deleteMany(resource, params);
      const { data: records } = await base.getMany(resource, { ids: params.ids });
      const result = await base.deleteMany(resource, params);
      const deleted = new Set((result.data ?? []).map(String));
      await removeQuietly(
        store,
        records.filter((r) => deleted.has(String(r.id))).map((r) => r[spec.field]),
      );
      return result;
    },
  };
}
