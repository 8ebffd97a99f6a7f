// POST /object/move: an UPDATE of the row as the caller (RLS), the bytes moved in the same
// transaction. Upstream: routes/object/moveObject.ts.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { errors } from '../../errors.js';
import { bucketAsSuperUser, q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';
import { copyMoveBody } from './copyObject.js';

export const moveObject: Handler = async (r) => {
  const { ctx } = r;
  const { from, to, sourceKey, destinationKey } = copyMoveBody(await readJson(r.req));
  await bucketAsSuperUser(ctx, from);
  await bucketAsSuperUser(ctx, to);
  if (from === to && sourceKey === destinationKey)
    throw errors.invalidRequest('Source and destination are the same object');
  const src = ctx.files.pathOf(from, sourceKey);
  await q(
    ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query(
        `update storage.objects set bucket_id = $3, name = $4, version = $5, last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [from, sourceKey, to, destinationKey, crypto.randomUUID()],
      );
      if (!res.rowCount) throw errors.noSuchKey();
      // Move the bytes via a temp copy so a failed commit leaves the source untouched.
      const tmp = ctx.files.tmpPath();
      try {
        await fsp.copyFile(src, tmp);
        await ctx.files.commit(tmp, to, destinationKey);
      } finally {
        await ctx.files.discard(tmp);
      }
    }),
  );
  await ctx.files.remove(from, sourceKey).catch(() => {});
  send(r.res, 200, { message: 'Successfully moved' });
};
