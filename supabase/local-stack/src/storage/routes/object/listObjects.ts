// POST /object/list/{bucket}: one folder level through storage.search(), as the caller (RLS).
// Upstream: routes/object/listObjects.ts.
import { bucketFromUrl } from '../../keys.js';
import { positiveInt, q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

export const listObjects: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const body = await readJson(r.req);
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const limit = body.limit === undefined ? 100 : positiveInt(body.limit, 'limit');
  const offset = body.offset === undefined || body.offset === 0 ? 0 : positiveInt(body.offset, 'offset');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const search = typeof body.search === 'string' ? body.search : '';
  const rows = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
        prefix,
        bucketId,
        limit,
        prefix.split('/').length,
        offset,
        search,
        typeof sortBy.column === 'string' ? sortBy.column : 'name',
        typeof sortBy.order === 'string' ? sortBy.order : 'asc',
      ]);
      return res.rows;
    }),
  );
  send(r.res, 200, rows);
};
