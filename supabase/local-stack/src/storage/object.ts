// Reading objects: finding the row with the access the route grants, and sending the bytes
// (single ranges, If-None-Match, download names) or the info JSON.
import http from 'node:http';
import type { ObjectMetadata, ObjectRow } from './db.js';
import { errors } from './errors.js';
import { bucketFromUrl } from './keys.js';
import { bucketAsSuperUser, findObject, objectKey, q } from './query.js';
import { scopeOf, send, type RouteRequest } from './router.js';

/**
 * How a read is allowed:
 * - `authenticated`: as the caller, RLS decides (also on a public bucket);
 * - `auto`: as the caller, but a public bucket's objects need no policy;
 * - `public`: public buckets only, no RLS;
 * - `signed`: a download-scoped signed token for exactly this object, no RLS.
 */
export type Access = 'authenticated' | 'auto' | 'public' | 'signed';

export async function locate(r: RouteRequest, access: Access) {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  if (access === 'signed')
    await r.ctx.tokens.verifySigned(r.url.searchParams.get('token'), `${bucketId}/${name}`, 'download');
  const bucket = await bucketAsSuperUser(r.ctx, bucketId, access === 'public');
  const asCaller = (access === 'authenticated' || access === 'auto') && !(access === 'auto' && bucket.public);
  const obj: ObjectRow = asCaller
    ? await q(r.ctx.db.asCaller(scopeOf(r), (db) => findObject(db, bucketId, name)))
    : await findObject(r.ctx.db.pool, bucketId, name);
  return { bucketId, name, obj };
}

/** GET/HEAD of an object's bytes. */
export async function serveObject(r: RouteRequest, access: Access): Promise<void> {
  const { req, res, url } = r;
  const { bucketId, name, obj } = await locate(r, access);
  const st = await r.ctx.files.stat(bucketId, name);
  if (!st?.isFile()) throw errors.noSuchKey();

  const meta = obj.metadata ?? ({} as Partial<ObjectMetadata>);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': meta.mimetype || 'application/octet-stream',
    'cache-control': meta.cacheControl || 'no-cache',
    'last-modified': new Date(meta.lastModified ?? obj.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
    // The browser takes the stored type as it is, never sniffs another one from the bytes
    // (CONTRACT.md, "Objects"; what hosted sends is in docs/permissions.md, "Images").
    'x-content-type-options': 'nosniff',
  };
  if (meta.eTag) headers.etag = meta.eTag;
  const dl = url.searchParams.get('download');
  if (dl !== null) {
    const fileName = dl || name.split('/').pop()!;
    headers['content-disposition'] =
      `attachment; filename=${encodeURIComponent(fileName)}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }

  const inm = req.headers['if-none-match'];
  if (
    inm &&
    meta.eTag &&
    inm
      .split(',')
      .map((s) => s.trim())
      .includes(meta.eTag)
  ) {
    res.writeHead(304, headers);
    res.end();
    return;
  }

  let range: { start: number; end: number } | undefined;
  const rh = req.headers.range;
  const rm = rh ? /^bytes=(\d*)-(\d*)$/.exec(rh) : null;
  if (rm && (rm[1] || rm[2])) {
    let start = rm[1] ? Number(rm[1]) : Math.max(0, st.size - Number(rm[2]));
    let end = rm[1] && rm[2] ? Number(rm[2]) : st.size - 1;
    end = Math.min(end, st.size - 1);
    if (start > end || start >= st.size) {
      res.writeHead(416, { 'content-range': `bytes */${st.size}` });
      res.end();
      return;
    }
    start = Math.max(0, start);
    range = { start, end };
    headers['content-range'] = `bytes ${start}-${end}/${st.size}`;
  }
  headers['content-length'] = range ? range.end - range.start + 1 : st.size;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = r.ctx.files.read(bucketId, name, range);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** GET /object/info/…: the object's metadata as storage-js `info()` reads it. */
export async function sendInfo(r: RouteRequest, access: Access): Promise<void> {
  const { obj } = await locate(r, access);
  const meta = obj.metadata ?? ({} as Partial<ObjectMetadata>);
  send(r.res, 200, {
    id: obj.id,
    version: obj.version,
    name: obj.name,
    bucket_id: obj.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: obj.user_metadata,
    last_modified: meta.lastModified ?? obj.updated_at,
    created_at: obj.created_at,
  });
}
