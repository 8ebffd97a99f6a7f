// POST /object/{bucket}/{name}: upload (x-upsert: true replaces). Upstream: routes/object/createObject.ts.
import { storeUpload } from '../../uploader.js';
import { bucketFromUrl } from '../../keys.js';
import { objectKey } from '../../query.js';
import { scopeOf, send, type Handler, type RouteRequest } from '../../router.js';

/** Shared with updateObject: the caller's upload into bucket/name. */
export async function upload(r: RouteRequest, upsert: boolean): Promise<void> {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  send(r.res, 200, await storeUpload(r.ctx, r.req, scopeOf(r), bucketId, name, { upsert }));
}

export const createObject: Handler = (r) => upload(r, r.req.headers['x-upsert'] === 'true');
