// POST /object/sign/{bucket} {expiresIn, paths}: signed download URLs for several objects; the
// ones the caller cannot read get an error entry. Upstream: routes/object/getSignedURLs.ts.
import { bucketFromUrl } from '../../keys.js';
import { errors } from '../../errors.js';
import { positiveInt, q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

const SIGNED_URL_MISSING = 'Either the object does not exist or you do not have access to it';

export const getSignedURLs: Handler = async (r) => {
  const bucketId = bucketFromUrl(r.params.bucket!);
  const body = await readJson(r.req);
  const expiresIn = positiveInt(body.expiresIn, 'expiresIn');
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((x) => typeof x !== 'string'))
    throw errors.invalidRequest('paths must be a non-empty list of object names');
  const found = await q(
    r.ctx.db.asCaller(scopeOf(r), async (db) => {
      const { rows } = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, paths],
      );
      return new Set(rows.map((row) => row.name));
    }),
  );
  const out = [];
  for (const path of paths as string[]) {
    if (!found.has(path)) {
      out.push({ error: SIGNED_URL_MISSING, path, signedURL: null });
      continue;
    }
    const token = await r.ctx.tokens.signDownload(`${bucketId}/${path}`, expiresIn);
    out.push({ error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` });
  }
  send(r.res, 200, out);
};
