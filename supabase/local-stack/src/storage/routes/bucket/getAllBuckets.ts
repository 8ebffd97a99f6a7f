// GET /bucket: the buckets the caller may see (RLS on storage.buckets). Upstream: routes/bucket/getAllBuckets.ts.
import { BUCKET_COLUMNS, bucketOut, type BucketRow } from '../../db.js';
import { positiveInt, q } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const getAllBuckets: Handler = async (r) => {
  const sp = r.url.searchParams;
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(sp.get('sortColumn') ?? '')
    ? sp.get('sortColumn')!
    : 'name';
  const order = sp.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = sp.has('limit') ? positiveInt(sp.get('limit'), 'limit') : null;
  const offset = sp.has('offset') && sp.get('offset') !== '0' ? positiveInt(sp.get('offset'), 'offset') : 0;
  const search = sp.get('search') ?? '';
  const rows = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query<BucketRow>(
        `select ${BUCKET_COLUMNS} from storage.buckets
         where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
         order by ${column} ${order} limit $2 offset $3`,
        [search, limit, offset],
      );
      return res.rows;
    }),
  );
  send(r.res, 200, rows.map(bucketOut));
};
