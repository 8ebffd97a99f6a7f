import { IMAGE_BUCKET, type ImageFolder } from './constants';
import type { AppConfig } from './config';

/** Longest side, in pixels, of an image the console uploads (it reduces larger photos first). */
export const IMAGE_MAX_SIDE = 1600;
/** Longest side of the small variant a phone loads; a main image no larger than this has none. */
export const IMAGE_SMALL_SIDE = 480;

export interface ImageSize {
  width: number;
  height: number;
}

/** The public URL of an object in the images bucket (as supabase-js getPublicUrl builds it), or null. */
export function publicImageUrl(config: Pick<AppConfig, 'supabaseUrl'>, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return encodeURI(`${config.supabaseUrl}/storage/v1/object/public/${IMAGE_BUCKET}/${path.replace(/^\/+/, '')}`);
}

/** The original file name made URL-safe (ASCII letters, digits, `_` and `-`; `image` when nothing is left), and its extension. */
function safeName(originalName: string): { base: string; ext: string } {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName;
  const ext =
    dot > 0
      ? originalName
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
  const safeBase =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-zA-Z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return { base: safeBase, ext };
}

/**
 * Object name for an upload kept as it is: the folder, the original file name made URL-safe,
 * and a timestamp so a replaced image never collides with the old one (docs/decisions.md, "Content").
 */
export function imageObjectName(folder: ImageFolder, originalName: string, now: Date = new Date()): string {
  const { base, ext } = safeName(originalName);
  return `${folder}/${base}-${now.getTime()}${ext ? `.${ext}` : ''}`;
}

/** The size that fits `width` × `height` within `maxSide` on its longest side, keeping the ratio; never larger, whole pixels (at least 1). */
export function fitWithin(width: number, height: number, maxSide: number): ImageSize {
  if (!(width > 0 && height > 0 && maxSide >= 1) || !Number.isFinite(width + height + maxSide)) {
    throw new RangeError(`fitWithin: invalid size ${width}x${height} within ${maxSide}`);
  }
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** File types the console encodes resized images in: WebP, or JPEG where the browser cannot encode WebP (Safari). */
export type SizedImageExt = 'webp' | 'jpg';

export interface ImageVariant extends ImageSize {
  path: string;
}

/** A resized upload: the main image (the path saved in the row) and, when it is larger than IMAGE_SMALL_SIDE, its small variant. */
export interface ImageVariants {
  main: ImageVariant;
  small?: ImageVariant;
}

// `<folder>/<safe base>-<timestamp>-<W>x<H>.<webp|jpg>`. Names kept as they are end in
// `-<timestamp>.<ext>`, which this never matches, so older uploads are never mistaken for it.
const SIZED_PATH = /^((?:[A-Za-z0-9_-]+\/)+[A-Za-z0-9_-]+-\d+)-([1-9]\d*)x([1-9]\d*)\.(webp|jpg)$/;

/**
 * The objects of a stored path that follows the resized-upload naming scheme, read from the
 * name alone (the small variant's size is derived from the main's, so no column records it);
 * null for anything else (uploads kept as they are, absolute URLs).
 */
export function imageVariants(path: string | null | undefined): ImageVariants | null {
  const match = path ? SIZED_PATH.exec(path) : null;
  if (!match) return null;
  const [, stem, w, h, ext] = match;
  const main = { path: path!, width: Number(w), height: Number(h) };
  if (Math.max(main.width, main.height) <= IMAGE_SMALL_SIDE) return { main };
  const small = fitWithin(main.width, main.height, IMAGE_SMALL_SIDE);
  return { main, small: { path: `${stem}-${small.width}x${small.height}.${ext}`, ...small } };
}

/**
 * Object names for a resized upload of `originalName` whose main image is `main` (whole pixels):
 * `<folder>/<safe base>-<timestamp>-<W>x<H>.<ext>`, plus the small variant named the same way
 * with its own size when the main image is larger than IMAGE_SMALL_SIDE.
 */
export function sizedImageNames(
  folder: ImageFolder,
  originalName: string,
  main: ImageSize & { ext: SizedImageExt },
  now: Date = new Date(),
): ImageVariants {
  const variants = imageVariants(
    `${folder}/${safeName(originalName).base}-${now.getTime()}-${main.width}x${main.height}.${main.ext}`,
  );
  if (!variants) throw new RangeError(`sizedImageNames: invalid size ${main.width}x${main.height}`);
  return variants;
}

/** Every object that belongs to a stored path (main and small variant, or just the path), to remove them together. */
export function storedImagePaths(path: string | null | undefined): string[] {
  if (!path) return [];
  const variants = imageVariants(path);
  return variants ? [variants.main.path, ...(variants.small ? [variants.small.path] : [])] : [path];
}

/** What an `<img>` needs for a stored path: `srcSet` (with `w` descriptors; give the element `sizes`) and the intrinsic size when the name tells them. */
export interface ImageSources {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/** The attributes of an `<img>` showing a stored path, or null when there is none; older uploads get just `src`. */
export function imageSources(
  config: Pick<AppConfig, 'supabaseUrl'>,
  path: string | null | undefined,
): ImageSources | null {
  const src = publicImageUrl(config, path);
  if (!src) return null;
  const variants = imageVariants(path);
  if (!variants) return { src };
  const { main, small } = variants;
  const size = { width: main.width, height: main.height };
  if (!small) return { src, ...size };
  return { src, srcSet: `${publicImageUrl(config, small.path)} ${small.width}w, ${src} ${main.width}w`, ...size };
}

/** The URL of the small variant when the path has one, else of the image itself: for thumbnails. */
export function smallImageUrl(config: Pick<AppConfig, 'supabaseUrl'>, path: string | null | undefined): string | null {
  return publicImageUrl(config, imageVariants(path)?.small?.path ?? path);
}

/** The storage path of a public URL built by publicImageUrl (to delete a replaced file). */
export function imagePathFromUrl(url: string): string | null {
  const marker = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
  const index = url.indexOf(marker);
  return index === -1 ? null : decodeURI(url.slice(index + marker.length));
}
