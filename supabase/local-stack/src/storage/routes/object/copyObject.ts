// POST /object/copy: the caller must read the source and be allowed to upload the destination.
// Upstream: routes/object/copyObject.ts.
import crypto from 'node:crypto';
import { ownerOf } from '../../db.js';
import { errors } from '../../errors.js';
import { mustBeValidBucketName, mustBeValidKey } from '../../keys.js';
import { bucketAsSuperUser, findObject, q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';
import { INSERT_OBJECT, testUpload, UPSERT_TAIL } from '../../uploader.js';

/** Shared with moveObject: {bucketId, destinationBucket?, sourceKey, destinationKey}. */
export function copyMoveBody(body: Record<string, unknown>) {
  const from = mustBeValidBucketName(body.bucketId);
  const to =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? from
      : mustBeValidBucketName(body.destinationBucket);
  if (typeof body.sourceKey !== 'string') throw errors.missingParameter('sourceKey');
  if (typeof body.destinationKey !== 'string') throw errors.missingParameter('destinationKey');
  return { from, to, sourceKey: mustBeValidKey(body.sourceKey), destinationKey: mustBeValidKey(body.destinationKey) };
}

export const copyObject: Handler = async (r) => {
  const { ctx } = r;
  const { from, to, sourceKey, destinationKey } = copyMoveBody(await readJson(r.req));
  const upsert = r.req.headers['x-upsert'] === 'true';
  await bucketAsSuperUser(ctx, from);
  await bucketAsSuperUser(ctx, to);
  const scope = scopeOf(r);
  const source = await q(ctx.db.asCaller(scope, (db) => findObject(db, from, sourceKey)));
  await testUpload(ctx, scope, to, destinationKey, upsert);
  const tmp = await ctx.files.copyToTmp(from, sourceKey).catch(() => {
    throw errors.noSuchKey();
  });
  const { owner, owner_id } = ownerOf(r.caller!);
  try {
    const id = await q(
      ctx.db.asSuperUser(async (db) => {
        const { rows } = await db.query<{ id: string }>(
          upsert ? INSERT_OBJECT + UPSERT_TAIL : INSERT_OBJECT + ' returning id',
          [
            crypto.randomUUID(),
            to,
            destinationKey,
            owner,
            owner_id,
            source.metadata,
            source.user_metadata,
            crypto.randomUUID(),
          ],
        );
        await ctx.files.commit(tmp, to, destinationKey);
        return rows[0]!.id;
      }),
    );
    send(r.res, 200, { Id: id, Key: `${to}/${destinationKey}` });
  } finally {
    await ctx.files.discard(tmp);
  }
};
