// Database access. Everything a caller may or may not do is decided by PostgreSQL: queries run
// in a transaction as the caller's role with the JWT claims set, exactly as Supabase Storage does
// (src/internal/database/postgres/scope.ts), so the project's row-level security policies on
// storage.objects and storage.buckets apply. Bookkeeping (bucket limits, the final write after a
// passed permission test) runs as the stack's own role (postgres: BYPASSRLS, not a superuser).
import http from 'node:http';
import pg from 'pg';
import { guardedPool, withClient } from '../pg-errors.js';

export interface Caller {
  role: string;
  /** The raw bearer token ('' for none). */
  jwt: string;
  claims: Record<string, unknown>;
  /** `sub` claim, or '' */
  sub: string;
}

export interface RequestScope {
  caller: Caller;
  headers: http.IncomingHttpHeaders;
  method: string;
  path: string;
  /** storage.operation, e.g. "storage.object.upload" */
  operation: string;
}

export type Db = pg.PoolClient;

export class Database {
  readonly pool: pg.Pool;

  constructor(
    dbUrl: string,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`[storage] ${line}\n`),
  ) {
    this.pool = guardedPool(new pg.Pool({ connectionString: dbUrl, max: 8, idleTimeoutMillis: 10_000 }), log);
  }

  /** Runs fn in a transaction as the stack's role, past row-level security. */
  asSuperUser<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.tx(null, fn, false);
  }

  /** Runs fn in a transaction as the caller; `rollback` makes it a permission test only. */
  asCaller<T>(scope: RequestScope, fn: (db: Db) => Promise<T>, rollback = false): Promise<T> {
    return this.tx(scope, fn, rollback);
  }

  private tx<T>(scope: RequestScope | null, fn: (db: Db) => Promise<T>, rollback: boolean): Promise<T> {
    return withClient(this.pool, this.log, async (client) => {
      await client.query('begin');
      try {
        // Storage's own deletes pass the guard against plain-SQL deletes (storage.protect_delete).
        if (scope) await client.query(scopeSql, scopeValues(scope));
        else await client.query("select set_config('storage.allow_delete_query', 'true', true)");
        const result = await fn(client);
        await client.query(rollback ? 'rollback' : 'commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      }
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

const scopeSql = `select
  set_config('role', $1, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claims', $4, true),
  set_config('request.headers', $5, true),
  set_config('request.method', $6, true),
  set_config('request.path', $7, true),
  set_config('storage.operation', $8, true),
  set_config('storage.allow_delete_query', 'true', true)`;

function scopeValues(s: RequestScope): string[] {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.headers)) {
    if (v === undefined) continue;
    headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return [
    s.caller.role,
    s.caller.jwt,
    s.caller.sub,
    JSON.stringify(s.caller.claims),
    JSON.stringify(headers),
    s.method,
    s.path,
    s.operation,
  ];
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types, created_at, updated_at';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** bigint columns come back as strings from pg. */
export function bucketOut(b: BucketRow) {
  return { ...b, file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit) };
}

/** A uuid owner column only takes a uuid `sub`; owner_id keeps whatever the token says. */
export function ownerOf(caller: Caller): { owner: string | null; owner_id: string | null } {
  const sub = caller.sub || null;
  const isUuid = !!sub && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, owner_id: sub };
}
