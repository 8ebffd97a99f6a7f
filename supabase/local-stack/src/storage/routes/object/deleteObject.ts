// DELETE /object/{bucket}/{name}: one object, as the caller (RLS). Upstream: routes/object/deleteObject.ts.
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { objectKey, q } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const deleteObject: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const name = objectKey(r.wildcard);
  const n = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [
        bucketId,
        name,
      ]);
      return res.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchKey();
  await r.ctx.files.remove(bucketId, name).catch(() => {});
  send(r.res, 200, { message: 'Successfully deleted' });
};
