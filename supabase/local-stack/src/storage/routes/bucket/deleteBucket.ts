// DELETE /bucket/{id}: only an empty bucket. Upstream: routes/bucket/deleteBucket.ts.
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { q } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const deleteBucket: Handler = async (r) => {
  const id = bucketFromUrl(r.params.id!);
  const { rows } = await q(r.ctx.db.pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]));
  if (rows.length > 0) throw errors.bucketNotEmpty();
  const n = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query('delete from storage.buckets where id = $1 returning id', [id]);
      return res.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchBucket();
  await r.ctx.files.removeBucket(id);
  send(r.res, 200, { message: 'Successfully deleted' });
};
