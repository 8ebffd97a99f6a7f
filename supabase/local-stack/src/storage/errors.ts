// Storage's error shape (supabase/storage src/internal/errors): every error below 500 is sent
// with HTTP 400 and the real status as a string in the body, which storage-js reports as
// `StorageApiError.statusCode`.
import { isDatabaseUnavailable } from '../pg-errors.js';

export class StorageError extends Error {
  constructor(
    /** The status the real server puts in the body ("404", "403", "409", "413", "415"…). */
    public readonly statusCode: number,
    /** Storage's error code, e.g. NoSuchKey. */
    public readonly code: string,
    message: string,
    /** The legacy `error` field when Storage sets one ("not_found", "Duplicate"…); else the code. */
    public readonly legacyError?: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? this.statusCode : 400;
  }

  body() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.legacyError ?? this.code,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  tooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  contentMismatch: (declared: string, detected: string | undefined) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `the file's content (${detected ?? 'unknown'}) is not the declared mime type ${declared}`,
      'invalid_mime_type',
    ),
  invalidMime: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string, why?: string) =>
    new StorageError(400, 'InvalidKey', why ? `Invalid key: ${key} (${why})` : `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  notFound: (method: string, url: string) =>
    new StorageError(404, 'NotFound', `Route ${method}:${url} not found`, 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
  /** The database is restarting, unreachable or out of space: as the REST API, a 503 to retry. */
  databaseUnavailable: () =>
    new StorageError(
      503,
      'DatabaseUnavailable',
      'The database is not available. Try again in a moment.',
      'Service Unavailable',
    ),
  /** The files' disk is full (ENOSPC): nothing was stored; a 503 to retry once there is space. */
  noSpace: () =>
    new StorageError(
      503,
      'NoSpaceLeft',
      'No space left on the storage device. Try again later.',
      'Service Unavailable',
    ),
};

/** A 503 for an outage of what storage needs (the database, the files' disk), else undefined. */
export function unavailable(e: unknown): StorageError | undefined {
  if ((e as NodeJS.ErrnoException)?.code === 'ENOSPC' || (e as NodeJS.ErrnoException)?.code === 'EDQUOT')
    return errors.noSpace();
  return isDatabaseUnavailable(e) ? errors.databaseUnavailable() : undefined;
}

interface PgErrorLike {
  code?: string;
  message?: string;
}

/**
 * Maps a PostgreSQL error as Storage's DBError.fromDBError does; a database that cannot serve
 * now is a 503 (isDatabaseUnavailable), anything else a 500.
 */
export function fromPgError(e: unknown, duplicate: () => StorageError = errors.duplicate): StorageError {
  if (isDatabaseUnavailable(e)) return errors.databaseUnavailable();
  const pgErr = e as PgErrorLike;
  switch (pgErr?.code) {
    case '42501':
      return errors.accessDenied(
        pgErr.message?.includes('row-level security') ? 'new row violates row-level security policy' : pgErr.message,
      );
    case '23505':
      return duplicate();
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '22023': // role "…" does not exist (a signed JWT with an unknown role)
      return errors.accessDenied(pgErr.message);
    case '22P02':
      return errors.invalidParameter('value', pgErr.message);
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out');
    case 'P0001':
      // A policy helper or trigger refused with a message: report it like an RLS denial.
      return errors.accessDenied(pgErr.message);
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${pgErr?.code ?? 'unknown'}`);
  }
}
