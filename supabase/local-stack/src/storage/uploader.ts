// Uploads as Storage's uploader does them (src/storage/uploader.ts upstream): the caller's
// permission is tested first with its own INSERT rolled back (canUpload), the body is received
// within the limits, and the final row is written as the superuser in the transaction that
// renames the temp file into place, so a refused or failed upload leaves no file and no row.
import crypto from 'node:crypto';
import http from 'node:http';
import { fileTypeFromFile } from 'file-type';
import { ownerOf, type ObjectMetadata, type RequestScope } from './db.js';
import { errors } from './errors.js';
import { receiveUpload } from './files.js';
import { bucketAsSuperUser, q } from './query.js';
import type { Ctx } from './router.js';

export const INSERT_OBJECT = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
export const UPSERT_TAIL = ` on conflict (bucket_id, name) do update set
  owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()
  returning id`;

export interface UploadOptions {
  upsert: boolean;
  /** Signed upload URLs: permission was tested when the URL was made; the owner comes from it. */
  signedOwner?: string;
}

/** Storage's canUpload: the caller's INSERT (upsert: INSERT … ON CONFLICT DO UPDATE RETURNING), rolled back. */
export async function testUpload(ctx: Ctx, scope: RequestScope, bucketId: string, name: string, upsert: boolean) {
  const { owner, owner_id } = ownerOf(scope.caller);
  await q(
    ctx.db.asCaller(
      scope,
      (db) =>
        db.query(upsert ? INSERT_OBJECT + UPSERT_TAIL : INSERT_OBJECT, [
          crypto.randomUUID(),
          bucketId,
          name,
          owner,
          owner_id,
          null,
          null,
          crypto.randomUUID(),
        ]),
      true,
    ),
  );
}

/** `allowed_mime_types` with wildcards such as image/* ; empty or null allows everything. */
export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.split(';')[0]!.trim().toLowerCase();
    if (rule === '*' || rule === '*/*') return true;
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1));
    return rule === base;
  });
}

/** What a declared type is called when file-type names the same format. */
const MIME_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/**
 * A declared image type must be what the bytes are (their magic numbers, read by file-type): a
 * file labelled image/png that is HTML or a script would otherwise be served as an image and
 * could be sniffed into something else. Upstream Storage trusts the label; the stand-in is
 * stricter here on purpose (CONTRACT.md, "Objects"). A type file-type cannot recognise from the
 * bytes (image/svg+xml: text that can carry scripts) is refused as well.
 */
async function checkImageBytes(file: string, declared: string): Promise<void> {
  const base = declared.split(';')[0]!.trim().toLowerCase();
  if (!base.startsWith('image/')) return;
  const detected = await fileTypeFromFile(file);
  if (detected?.mime !== (MIME_ALIASES[base] ?? base)) throw errors.contentMismatch(base, detected?.mime);
}

/**
 * Receives the body and stores the object. The limit is the smaller of the global one and the
 * bucket's; an object of exactly the limit is accepted (Storage's check is `size > limit`).
 */
export async function storeUpload(
  ctx: Ctx,
  req: http.IncomingMessage,
  scope: RequestScope,
  bucketId: string,
  name: string,
  opts: UploadOptions,
): Promise<{ Id: string; Key: string }> {
  const bucket = await bucketAsSuperUser(ctx, bucketId);
  if (opts.signedOwner === undefined) await testUpload(ctx, scope, bucketId, name, opts.upsert);

  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  const received = await receiveUpload(req, ctx.files, {
    maxSize: Math.min(ctx.fileSizeLimit, bucketLimit),
    checkMime: (mime) => {
      if (!mimeAllowed(mime, bucket.allowed_mime_types)) throw errors.invalidMime(mime);
    },
  });

  try {
    await checkImageBytes(received.tmp, received.mimetype);
  } catch (e) {
    await ctx.files.discard(received.tmp);
    throw e;
  }

  const metadata: ObjectMetadata = {
    eTag: `"${received.md5}"`,
    size: received.size,
    mimetype: received.mimetype,
    cacheControl: received.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.size,
    httpStatusCode: 200,
  };
  const owners =
    opts.signedOwner !== undefined
      ? ownerOf({ role: '', jwt: '', claims: {}, sub: opts.signedOwner })
      : ownerOf(scope.caller);
  try {
    const id = await q(
      ctx.db.asSuperUser(async (db) => {
        const { rows } = await db.query<{ id: string }>(
          opts.upsert ? INSERT_OBJECT + UPSERT_TAIL : INSERT_OBJECT + ' returning id',
          [
            crypto.randomUUID(),
            bucketId,
            name,
            owners.owner,
            owners.owner_id,
            metadata,
            received.userMetadata,
            crypto.randomUUID(),
          ],
        );
        // The row lock is held until commit, so concurrent writers of one name take turns.
        await ctx.files.commit(received.tmp, bucketId, name);
        return rows[0]!.id;
      }),
    );
    return { Id: id, Key: `${bucketId}/${name}` };
  } finally {
    await ctx.files.discard(received.tmp);
  }
}
