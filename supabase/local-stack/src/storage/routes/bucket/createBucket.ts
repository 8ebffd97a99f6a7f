// POST /bucket {id?, name, public, file_size_limit, allowed_mime_types}, as the caller (RLS on
// storage.buckets). Upstream: routes/bucket/createBucket.ts.
import { ownerOf } from '../../db.js';
import { errors } from '../../errors.js';
import { mustBeValidBucketName } from '../../keys.js';
import { q, readJson } from '../../query.js';
import { scopeOf, send, type Handler } from '../../router.js';

/** "20MB", "30KB", "3B", 1024 → bytes; null stays null (no bucket limit). */
export function parseFileSizeLimit(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  const m = typeof v === 'string' ? /^\s*(\d+)\s*(GB|MB|KB|B)?\s*$/i.exec(v) : null;
  if (!m) throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const mult = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[(m[2] ?? 'B').toUpperCase() as 'B'];
  return Number(m[1]) * mult;
}

export function mimeList(v: unknown): string[] | null {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !/^([\w.+-]+\/([\w.+-]+|\*)|\*)(\s*;.*)?$/.test(x)))
    throw errors.invalidRequest('allowed_mime_types must be a list of mime types such as image/png or image/*');
  return v as string[];
}

export const createBucket: Handler = async (r) => {
  const body = await readJson(r.req);
  if (body.name === undefined) throw errors.invalidRequest("body must have required property 'name'");
  const name = mustBeValidBucketName(body.name);
  const id = body.id === undefined || body.id === null ? name : mustBeValidBucketName(body.id);
  const isPublic = body.public === undefined || body.public === null ? false : body.public === true;
  const limit = parseFileSizeLimit(body.file_size_limit);
  const mimes = mimeList(body.allowed_mime_types);
  const { owner, owner_id } = ownerOf(r.caller!);
  await q(
    r.ctx.db.asCaller(scopeOf(r), (db) =>
      db.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, owner, owner_id, isPublic, limit, mimes],
      ),
    ),
    errors.bucketExists,
  );
  send(r.res, 200, { name: id });
};
