// POST /object/sign/{bucket}/{name} {expiresIn}: a signed download URL for an object the caller
// can read. Upstream: routes/object/getSignedURL.ts.
import { bucketFromUrl } from '../../keys.js';
import { findObject, objectKey, positiveInt, q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const getSignedURL: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  const body = await readJson(r.req);
  const expiresIn = positiveInt(body.expiresIn, 'expiresIn');
  await q(r.ctx.db.asCaller(scopeOf(r), (db) => findObject(db, bucketId, name)));
  const token = await r.ctx.tokens.signDownload(`${bucketId}/${name}`, expiresIn);
  send(r.res, 200, { signedURL: `/object/sign/${bucketId}/${name}?token=${token}` });
};
