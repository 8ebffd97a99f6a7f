// The Storage part of a backup. Which objects exist is read from `storage.objects` (in the
// backup's database snapshot); their bytes go through the Storage API with the service key, since
// a hosted project keeps them behind that API, not in the database, so one path serves both.
import { StorageClient } from '@supabase/storage-js';
import type pg from 'pg';
import type { Target } from './target.js';

export interface StoredObject {
  bucket: string;
  name: string;
  contentType: string;
  cacheControl: string | null;
  /** Who uploaded it and when: put back after the upload, which records the service key instead. */
  owner: string | null;
  ownerId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Storage's own client (what supabase-js wraps), with the service key. */
export function storageClient(target: Target): StorageClient {
  return new StorageClient(`${target.apiUrl}/storage/v1`, {
    apikey: target.serviceKey,
    Authorization: `Bearer ${target.serviceKey}`,
  });
}

export async function listObjects(client: pg.Client): Promise<StoredObject[]> {
  const { rows } = await client.query<{
    bucket_id: string;
    name: string;
    metadata: { mimetype?: string; cacheControl?: string } | null;
    owner: string | null;
    owner_id: string | null;
    created_at: string | null;
    updated_at: string | null;
  }>(
    `select bucket_id, name, metadata, owner::text, owner_id, created_at::text, updated_at::text
       from storage.objects order by bucket_id, name`,
  );
  return rows.map((r) => ({
    bucket: r.bucket_id,
    name: r.name,
    contentType: r.metadata?.mimetype ?? 'application/octet-stream',
    cacheControl: r.metadata?.cacheControl ?? null,
    owner: r.owner,
    ownerId: r.owner_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function download(storage: StorageClient, o: StoredObject): Promise<Buffer> {
  const { data, error } = await storage.from(o.bucket).download(o.name);
  if (error || !data) throw new Error(`Could not download ${o.bucket}/${o.name}: ${error?.message ?? 'no data'}`);
  return Buffer.from(await data.arrayBuffer());
}

export async function upload(storage: StorageClient, o: StoredObject, bytes: Buffer): Promise<void> {
  // supabase-js takes the cache time in seconds and writes `max-age=<n>` itself.
  const maxAge = o.cacheControl?.match(/max-age=(\d+)/)?.[1];
  const { error } = await storage.from(o.bucket).upload(o.name, bytes, {
    contentType: o.contentType,
    upsert: false,
    ...(maxAge ? { cacheControl: maxAge } : {}),
  });
  if (error) throw new Error(`Could not upload ${o.bucket}/${o.name}: ${error.message}`);
}

/** Deletes every object through the API (Storage refuses plain-SQL deletes of its rows). */
export async function removeAll(storage: StorageClient, objects: StoredObject[]): Promise<void> {
  const byBucket = new Map<string, string[]>();
  for (const o of objects) byBucket.set(o.bucket, [...(byBucket.get(o.bucket) ?? []), o.name]);
  for (const [bucket, names] of byBucket) {
    for (let i = 0; i < names.length; i += 100) {
      const { error } = await storage.from(bucket).remove(names.slice(i, i + 100));
      if (error) throw new Error(`Could not delete the target's files in ${bucket}: ${error.message}`);
    }
  }
}

/**
 * Puts back the uploaders and dates the archive recorded (an update, which Storage allows), with
 * triggers off so that Storage's own `updated_at` trigger keeps the archived date.
 */
export async function restoreOwnership(client: pg.Client, objects: StoredObject[]): Promise<void> {
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(
    `update storage.objects o
        set owner = a.owner::uuid, owner_id = a.owner_id,
            created_at = coalesce(a.created_at::timestamptz, o.created_at),
            updated_at = coalesce(a.updated_at::timestamptz, o.updated_at)
       from jsonb_to_recordset($1::jsonb)
            as a(bucket text, name text, owner text, owner_id text, created_at text, updated_at text)
      where o.bucket_id = a.bucket and o.name = a.name`,
    [
      JSON.stringify(
        objects.map((o) => ({
          bucket: o.bucket,
          name: o.name,
          owner: o.owner,
          owner_id: o.ownerId,
          created_at: o.createdAt,
          updated_at: o.updatedAt,
        })),
      ),
    ],
  );
  await client.query('commit');
}
