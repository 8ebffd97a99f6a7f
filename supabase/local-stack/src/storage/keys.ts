// Object keys and bucket names: Supabase Storage accepts only S3-safe characters
// (supabase/storage `isValidKey`), so a name that would fail on a hosted project fails here too.
// On top of that, anything that could escape the files folder is refused with a clear reason.
import { errors } from './errors.js';

const S3_SAFE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_SAFE = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Percent-decodes a path taken from the request URL; malformed escapes are an invalid key. */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw, 'malformed percent-encoding');
  }
}

export function mustBeValidKey(key: string): string {
  if (key.length === 0) throw errors.invalidKey(key, 'empty object name');
  if (CONTROL.test(key))
    throw errors.invalidKey(JSON.stringify(key).slice(1, -1), 'control characters are not allowed');
  if (key.startsWith('/')) throw errors.invalidKey(key, 'absolute paths are not allowed');
  const segments = key.split('/');
  if (segments.some((s) => s === '')) throw errors.invalidKey(key, 'empty path segments are not allowed');
  if (segments.some((s) => s === '.' || s === '..'))
    throw errors.invalidKey(key, "'.' and '..' path segments are not allowed");
  if (Buffer.byteLength(key) > 1024) throw errors.invalidKey(key, 'longer than 1024 bytes');
  if (!S3_SAFE.test(key)) throw errors.invalidKey(key);
  return key;
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100) throw errors.invalidBucketName();
  // A leading dot is refused so no bucket folder can clash with the service's own temp folder.
  if (name.startsWith('.') || !BUCKET_SAFE.test(name)) throw errors.invalidBucketName();
  return name;
}

/** Like mustBeValidBucketName, but an unknown bucket name in a URL is a 404 rather than a 400. */
export function bucketFromUrl(raw: string): string {
  const name = decodePath(raw);
  if (name.length === 0 || name.startsWith('.') || !BUCKET_SAFE.test(name) || CONTROL.test(name))
    throw errors.invalidBucketName();
  return name;
}
