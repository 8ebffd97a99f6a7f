// POST /object/upload/sign/{bucket}/{name}: a signed upload URL (2 hours), made only for a caller
// whose upload the policies allow. Upstream: routes/object/getSignedUploadURL.ts.
import { bucketFromUrl } from '../../keys.js';
import { bucketAsSuperUser, objectKey } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';
import { testUpload } from '../../uploader.js';

const SIGNED_UPLOAD_URL_EXPIRY = 7200;

export const getSignedUploadURL: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  await bucketAsSuperUser(r.ctx, bucketId);
  const upsert = r.req.headers['x-upsert'] === 'true';
  await testUpload(r.ctx, scopeOf(r), bucketId, name, upsert);
  const token = await r.ctx.tokens.signUpload(
    `${bucketId}/${name}`,
    r.caller!.sub || undefined,
    upsert,
    SIGNED_UPLOAD_URL_EXPIRY,
  );
  send(r.res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
};
