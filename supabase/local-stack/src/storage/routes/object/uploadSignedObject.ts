// PUT /object/upload/sign/{bucket}/{name}?token=: an upload with an upload-scoped signed token,
// no key needed; the owner is whoever made the URL. Upstream: routes/object/uploadSignedObject.ts.
import type { Caller } from '../../db.js';
import { bucketFromUrl } from '../../keys.js';
import { objectKey } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';
import { storeUpload } from '../../uploader.js';

const ANON: Caller = { role: 'anon', jwt: '', claims: {}, sub: '' };

export const uploadSignedObject: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  const payload = await r.ctx.tokens.verifySigned(r.url.searchParams.get('token'), `${bucketId}/${name}`, 'upload');
  const { Key } = await storeUpload(r.ctx, r.req, scopeOf(r, ANON), bucketId, name, {
    upsert: payload.upsert === true,
    signedOwner: typeof payload.owner === 'string' ? payload.owner : '',
  });
  // Storage answers this one with the key only.
  send(r.res, 200, { Key });
};
