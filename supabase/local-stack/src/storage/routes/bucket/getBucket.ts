// GET /bucket/{id}. Upstream: routes/bucket/getBucket.ts.
import { BUCKET_COLUMNS, bucketOut, type BucketRow } from '../../db.js';
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { q } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const getBucket: Handler = async (r) => {
  const id = bucketFromUrl(r.params.id!);
  const row = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
      return res.rows[0];
    }),
  );
  if (!row) throw errors.noSuchBucket();
  send(r.res, 200, bucketOut(row));
};
