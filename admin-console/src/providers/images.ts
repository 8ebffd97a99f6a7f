import { HttpError, type DataProvider } from 'react-admin';
import { imageObjectName, sizedImageNames, storedImagePaths } from '@union/shared/storage';
import { MAX_IMAGE_BYTES, type ImageFolder } from '@union/shared/constants';
import { resizeImage, type ImageResizer } from './resizeImage';

/** Which column of a resource holds an image path, and its folder in the `images` bucket. */
export type ImageFields = Record<string, { field: string; folder: ImageFolder }>;

/** What an image input holds: a stored path, a freshly picked file, or nothing. */
export type ImageValue =
  | string
  | null
  | undefined
  | { rawFile?: File | (Blob & { name?: string }); src?: string; title?: string; path?: string };

export interface ImageStore {
  upload(path: string, file: Blob): Promise<void>;
  remove(paths: string[]): Promise<void>;
}

/** The message (a translation key) when what would be uploaded is over the bucket's size limit. */
export const PHOTO_TOO_LARGE = 'common.photoTooLarge';

// GIFs are uploaded as they are: drawing one on a canvas keeps only its first frame.
const RESIZED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Whether a picked file is reduced before the upload (so its own size does not matter) or uploaded as it is. */
export const isResized = (file: Blob): boolean => RESIZED_TYPES.includes(file.type);

interface Upload {
  path: string;
  blob: Blob;
}

interface Resolved {
  path: string | null;
  uploaded: string[];
}

/** The resized main image and small variant under the sized names, or null when the resizer failed or broke the naming's promise. */
async function resizedUploads(
  file: Blob,
  name: string,
  folder: ImageFolder,
  at: Date,
  resize: ImageResizer,
): Promise<Upload[] | null> {
  try {
    const { ext, main, small } = await resize(file);
    const names = sizedImageNames(folder, name, { width: main.width, height: main.height, ext }, at);
    // Readers derive the small variant from the main's name: it must exist exactly when, and at the size, the name says.
    if (names.small?.width !== small?.width || names.small?.height !== small?.height) return null;
    return [
      { path: names.main.path, blob: main.blob },
      ...(names.small && small ? [{ path: names.small.path, blob: small.blob }] : []),
    ];
  } catch {
    return null;
  }
}

/**
 * The objects a picked file becomes. A photo the browser cannot decode is uploaded as it is,
 * under the older name, so a staff member is never blocked by it; the bucket's limit is
 * checked here, on what is uploaded, because a large phone photo shrinks far below it.
 */
async function plannedUploads(
  file: Blob,
  name: string,
  folder: ImageFolder,
  at: Date,
  resize: ImageResizer,
): Promise<Upload[]> {
  const uploads = (isResized(file) && (await resizedUploads(file, name, folder, at, resize))) || [
    { path: imageObjectName(folder, name, at), blob: file },
  ];
  if (uploads.some((u) => u.blob.size > MAX_IMAGE_BYTES)) throw new HttpError(PHOTO_TOO_LARGE, 413);
  return uploads;
}

/** Uploads every object, or none: when one fails, the others are removed again. */
async function uploadAll(store: ImageStore, uploads: Upload[]): Promise<void> {
  const results = await Promise.allSettled(uploads.map((u) => store.upload(u.path, u.blob)));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failure) return;
  await removeQuietly(
    store,
    uploads.filter((_, i) => results[i]!.status === 'fulfilled').map((u) => u.path),
  );
  throw failure.reason;
}

async function resolveImage(
  value: ImageValue,
  folder: ImageFolder,
  store: ImageStore,
  now: () => Date,
  resize: ImageResizer,
): Promise<Resolved> {
  if (value == null || value === '') return { path: null, uploaded: [] };
  if (typeof value === 'string') return { path: value, uploaded: [] };
  if (value.rawFile) {
    const name = (value.rawFile as { name?: string }).name || value.title || 'image';
    const uploads = await plannedUploads(value.rawFile, name, folder, now(), resize);
    await uploadAll(store, uploads);
    return { path: uploads[0]!.path, uploaded: uploads.map((u) => u.path) };
  }
  return { path: value.path ?? null, uploaded: [] };
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
 * Wraps a data provider so image inputs become storage objects: a picked photo is reduced in
 * the browser (`resize`, providers/resizeImage.ts) to a main image of at most 1600 px plus a
 * small variant of 480 px, uploaded as `<folder>/<original name>-<timestamp>-<W>x<H>.webp` (see
 * sizedImageNames in @union/shared/storage), and the main path is saved in the column; a file
 * that cannot be reduced is uploaded as `<folder>/<original name>-<timestamp>.<ext>`. The old
 * objects (main and small variant, storedImagePaths) are removed after a successful replace or
 * clear, not after a delete (below); the uploads are removed again when the save fails.
 */
/** The stored path in a record's image column, if there is one. */
const imagePath = (record: unknown, field: string): string | undefined => {
  const value = (record as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export function withImages(
  base: DataProvider,
  store: ImageStore,
  fields: ImageFields,
  now: () => Date = () => new Date(),
  resize: ImageResizer = resizeImage,
): DataProvider {
  return {
    ...base,
    async create(resource, params) {
      const spec = fields[resource];
      if (!spec) return base.create(resource, params);
      const { path, uploaded } = await resolveImage(params.data?.[spec.field], spec.folder, store, now, resize);
      try {
        return await base.create(resource, { ...params, data: { ...params.data, [spec.field]: path } });
      } catch (error) {
        await removeQuietly(store, uploaded);
        throw error;
      }
    },
    async update(resource, params) {
      const spec = fields[resource];
      if (!spec || !(spec.field in (params.data ?? {}))) return base.update(resource, params);
      const { path, uploaded } = await resolveImage(params.data[spec.field], spec.folder, store, now, resize);
      let result;
      try {
        result = await base.update(resource, { ...params, data: { ...params.data, [spec.field]: path } });
      } catch (error) {
        await removeQuietly(store, uploaded);
        throw error;
      }
      const old = imagePath(params.previousData, spec.field);
      if (old && old !== path) await removeQuietly(store, storedImagePaths(old));
      return result;
    },
    // A deleted record keeps its images: it can be restored from the audit log for the restore
    // period, and the database holds them until the nightly purge removes them
    // (docs/data-model.md "Restoring a deleted record"), so delete and deleteMany pass through.
  };
}
