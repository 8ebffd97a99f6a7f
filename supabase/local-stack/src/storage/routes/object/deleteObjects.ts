// DELETE /object/{bucket} {prefixes}: removes the named objects the caller may delete; rows RLS
// hides are skipped silently, as on Storage. Upstream: routes/object/deleteObjects.ts.
import { OBJECT_COLUMNS, type ObjectRow } from '../../db.js';
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const deleteObjects: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const body = await readJson(r.req);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    prefixes.some((x) => typeof x !== 'string')
  )
    throw errors.invalidRequest('prefixes must be a list of 1 to 1000 object names');
  const rows = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, prefixes],
      );
      return res.rows;
    }),
  );
  for (const row of rows) await r.ctx.files.remove(bucketId, row.name).catch(() => {});
  send(r.res, 200, rows);
};
