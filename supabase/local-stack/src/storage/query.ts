// Small pieces every route uses: PostgreSQL errors turned into Storage errors, object keys,
// bucket and object lookups, JSON bodies, integer parameters.
import http from 'node:http';
import { readBody } from '../http.js';
import { BUCKET_COLUMNS, OBJECT_COLUMNS, type BucketRow, type Database, type Db, type ObjectRow } from './db.js';
import { errors, fromPgError, StorageError } from './errors.js';
import { decodePath, mustBeValidKey } from './keys.js';
import type { Ctx } from './router.js';

/** JSON bodies (list, sign, copy, buckets…) are small: 1 MiB at most. */
const MAX_JSON_BODY = 1024 * 1024;

/** Runs a query and turns PostgreSQL errors into Storage errors. */
export async function q<T>(p: Promise<T>, duplicate?: () => StorageError): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw e instanceof StorageError ? e : fromPgError(e, duplicate);
  }
}

/** The object name from the raw URL tail: decoded, then checked against the key rules. */
export function objectKey(raw: string): string {
  return mustBeValidKey(decodePath(raw));
}

/** The bucket row, read as the superuser (limits, public flag); 404 when missing. */
export async function bucketAsSuperUser(ctx: Ctx, id: string, publicOnly = false): Promise<BucketRow> {
  const { rows } = await q(
    ctx.db.pool.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1${publicOnly ? ' and public' : ''}`,
      [id],
    ),
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}

/** One object row, through `db` (the caller's transaction: RLS applies) or the pool. */
export async function findObject(db: Db | Database['pool'], bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await q(
    db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
      bucketId,
      name,
    ]),
  );
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

export function positiveInt(v: unknown, name: string): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    throw errors.invalidParameter(name, `${name} must be a positive integer`);
  return n;
}

/** A JSON object body ({} when empty). */
export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req, MAX_JSON_BODY, errors.tooLarge)).toString('utf8').trim();
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw errors.invalidRequest('Body must be a JSON object');
}
