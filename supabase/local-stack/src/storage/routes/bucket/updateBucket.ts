// PUT /bucket/{id} {public?, file_size_limit?, allowed_mime_types?}. Upstream: routes/bucket/updateBucket.ts.
import { errors } from '../../errors.js';
import { bucketFromUrl } from '../../keys.js';
import { q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';
import { mimeList, parseFileSizeLimit } from './createBucket.js';

export const updateBucket: Handler = async (r) => {
  const id = bucketFromUrl(r.params.id!);
  const body = await readJson(r.req);
  const sets: string[] = [];
  const values: unknown[] = [id];
  if (typeof body.public === 'boolean') {
    values.push(body.public);
    sets.push(`public = $${values.length}`);
  }
  if ('file_size_limit' in body) {
    values.push(parseFileSizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${values.length}`);
  }
  if ('allowed_mime_types' in body) {
    values.push(mimeList(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${values.length}`);
  }
  sets.push('updated_at = now()');
  const n = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const res = await db.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, values);
      return res.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchBucket();
  send(r.res, 200, { message: 'Successfully updated' });
};
