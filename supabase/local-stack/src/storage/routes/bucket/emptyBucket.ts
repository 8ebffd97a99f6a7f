// POST /bucket/{id}/empty: deletes the objects the caller may delete. Upstream: routes/bucket/emptyBucket.ts.
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { q } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const emptyBucket: Handler = async (r) => {
  const id = bucketFromUrl(r.params.id!);
  const names = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const b = await db.query('select 1 from storage.buckets where id = $1', [id]);
      if (!b.rowCount) throw errors.noSuchBucket();
      const res = await db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [
        id,
      ]);
      return res.rows.map((x) => x.name);
    }),
  );
  for (const n of names) await r.ctx.files.remove(id, n).catch(() => {});
  send(r.res, 200, { message: 'Successfully emptied' });
};
