import { IMAGE_BUCKET, type ImageFolder } from './constants';
import type { AppConfig } from './config';

/** The public URL of an object in the images bucket (as supabase-js getPublicUrl builds it), or null. */
export function publicImageUrl(config: Pick<AppConfig, 'supabaseUrl'>, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return encodeURI(`${config.supabaseUrl}/storage/v1/object/public/${IMAGE_BUCKET}/${path.replace(/^\/+/, '')}`);
}

/**
 * Object name for an upload: the folder, the original file name made URL-safe, and a timestamp
 * so a replaced image never collides with the old one (spec: "original name plus a timestamp").
 */
export function imageObjectName(folder: ImageFolder, originalName: string, now: Date = new Date()): string {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName;
  const ext = dot > 0 ? originalName.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '') : '';
  const safeBase =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-zA-Z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return `${folder}/${safeBase}-${now.getTime()}${ext ? `.${ext}` : ''}`;
}

/** The storage path of a public URL built by publicImageUrl (to delete a replaced file). */
export function imagePathFromUrl(url: string): string | null {
  const marker = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
  const index = url.indexOf(marker);
  return index === -1 ? null : decodeURI(url.slice(index + marker.length));
}
