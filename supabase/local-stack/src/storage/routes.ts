// Routes of the Storage API (paths relative to /storage/v1), after supabase/storage src/http/routes.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { Tokens } from './auth.js';
import {
  BUCKET_COLUMNS,
  bucketOut,
  OBJECT_COLUMNS,
  ownerOf,
  type BucketRow,
  type Caller,
  type Database,
  type Db,
  type ObjectMetadata,
  type ObjectRow,
  type RequestScope,
} from './db.js';
import { errors, fromPgError, StorageError } from './errors.js';
import { receiveUpload, type FileStore } from './files.js';
import { bucketFromUrl, decodePath, mustBeValidBucketName, mustBeValidKey } from './keys.js';

export interface Ctx {
  db: Database;
  files: FileStore;
  tokens: Tokens;
  /** Global upload limit in bytes. */
  fileSizeLimit: number;
}

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

const SIGNED_URL_MISSING = 'Either the object does not exist or you do not have access to it';

export async function route(ctx: Ctx, req: Req, res: Res): Promise<void> {
  // The path is taken as sent (no URL normalisation), so a literal '..' reaches the key checks
  // and is refused with a clear error instead of silently naming another object.
  const raw = req.url ?? '/';
  const qi = raw.indexOf('?');
  const url = new URL(`http://storage.local/${qi === -1 ? '' : raw.slice(qi)}`);
  const method = req.method ?? 'GET';
  // Also reachable with the gateway's prefix, so a client can talk to the service directly.
  const p = (qi === -1 ? raw : raw.slice(0, qi)).replace(/^\/storage\/v1(?=\/)/, '');
  let m: RegExpExecArray | null;

  if (p === '/status' || p === '/health') return send(res, 200, '');

  // ----- objects -----
  if ((m = /^\/object\/(public|authenticated)\/([^/]+)\/(.*)$/.exec(p)) && (method === 'GET' || method === 'HEAD'))
    return download(ctx, req, res, url, m[2]!, m[3]!, m[1] as 'public' | 'authenticated');
  if ((m = /^\/object\/info\/(?:(public|authenticated)\/)?([^/]+)\/(.*)$/.exec(p)) && method === 'GET')
    return info(ctx, req, res, m[2]!, m[3]!, (m[1] as 'public' | 'authenticated' | undefined) ?? 'auto');
  if ((m = /^\/object\/sign\/([^/]+)\/?$/.exec(p)) && method === 'POST') return signMany(ctx, req, res, m[1]!);
  if ((m = /^\/object\/sign\/([^/]+)\/(.*)$/.exec(p))) {
    if (method === 'POST') return signOne(ctx, req, res, m[1]!, m[2]!);
    if (method === 'GET' || method === 'HEAD') return download(ctx, req, res, url, m[1]!, m[2]!, 'signed');
  }
  if ((m = /^\/object\/upload\/sign\/([^/]+)\/(.*)$/.exec(p))) {
    if (method === 'POST') return signUpload(ctx, req, res, m[1]!, m[2]!);
    if (method === 'PUT') return uploadSigned(ctx, req, res, url, m[1]!, m[2]!);
  }
  if ((m = /^\/object\/list\/([^/]+)\/?$/.exec(p)) && method === 'POST') return list(ctx, req, res, m[1]!);
  if (p === '/object/copy' && method === 'POST') return copy(ctx, req, res);
  if (p === '/object/move' && method === 'POST') return move(ctx, req, res);
  if ((m = /^\/object\/([^/]+)\/?$/.exec(p)) && method === 'DELETE') return removeMany(ctx, req, res, m[1]!);
  if ((m = /^\/object\/([^/]+)\/(.*)$/.exec(p))) {
    if (method === 'POST') return upload(ctx, req, res, m[1]!, m[2]!, req.headers['x-upsert'] === 'true');
    if (method === 'PUT') return upload(ctx, req, res, m[1]!, m[2]!, true);
    if (method === 'GET' || method === 'HEAD') return download(ctx, req, res, url, m[1]!, m[2]!, 'auto');
    if (method === 'DELETE') return removeOne(ctx, req, res, m[1]!, m[2]!);
  }

  // ----- buckets -----
  if (p === '/bucket' || p === '/bucket/') {
    if (method === 'GET') return listBuckets(ctx, req, res, url);
    if (method === 'POST') return createBucket(ctx, req, res);
  }
  if ((m = /^\/bucket\/([^/]+)\/empty\/?$/.exec(p)) && method === 'POST') return emptyBucket(ctx, req, res, m[1]!);
  if ((m = /^\/bucket\/([^/]+)\/?$/.exec(p))) {
    if (method === 'GET') return getBucket(ctx, req, res, m[1]!);
    if (method === 'PUT') return updateBucket(ctx, req, res, m[1]!);
    if (method === 'DELETE') return deleteBucket(ctx, req, res, m[1]!);
  }

  throw errors.notFound(method, p);
}

// ---------------------------------------------------------------- helpers

function send(res: Res, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readJson(req: Req): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req) {
    n += (c as Buffer).length;
    if (n > 1024 * 1024) throw errors.tooLarge();
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw errors.invalidRequest('Body must be a JSON object');
}

function scopeOf(req: Req, caller: Caller, operation: string): RequestScope {
  return { caller, headers: req.headers, method: req.method ?? 'GET', path: req.url ?? '/', operation };
}

/** Runs a query and turns PostgreSQL errors into Storage errors. */
async function q<T>(p: Promise<T>, duplicate?: () => StorageError): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw e instanceof StorageError ? e : fromPgError(e, duplicate);
  }
}

function objectKey(raw: string): string {
  return mustBeValidKey(decodePath(raw));
}

async function bucketAsSuperUser(ctx: Ctx, id: string, publicOnly = false): Promise<BucketRow> {
  const { rows } = await q(
    ctx.db.pool.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1${publicOnly ? ' and public' : ''}`,
      [id],
    ),
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}

async function findObject(db: Db | Database['pool'], bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await q(
    db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
      bucketId,
      name,
    ]),
  );
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

function positiveInt(v: unknown, name: string): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw errors.invalidParameter(name, `${name} must be a positive integer`);
  return n;
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.split(';')[0]!.trim().toLowerCase();
    if (rule === '*' || rule === '*/*') return true;
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1));
    return rule === base;
  });
}

/** "20MB", "30KB", "3B", 1024 → bytes; null stays null (no bucket limit). */
function parseFileSizeLimit(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  const m = typeof v === 'string' ? /^\s*(\d+)\s*(GB|MB|KB|B)?\s*$/i.exec(v) : null;
  if (!m) throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const mult = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[(m[2] ?? 'B').toUpperCase() as 'B'];
  return Number(m[1]) * mult;
}

function mimeList(v: unknown): string[] | null {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !/^([\w.+-]+\/([\w.+-]+|\*)|\*)(\s*;.*)?$/.test(x)))
    throw errors.invalidRequest('allowed_mime_types must be a list of mime types such as image/png or image/*');
  return v as string[];
}

// ---------------------------------------------------------------- upload

interface UploadOptions {
  upsert: boolean;
  /** Signed upload URLs: permission was tested when the URL was made; the owner comes from it. */
  signedOwner?: string;
}

const INSERT_OBJECT = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
const UPSERT_TAIL = ` on conflict (bucket_id, name) do update set
  owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()
  returning id`;

/** Storage's canUpload: the caller's INSERT (upsert: INSERT … ON CONFLICT DO UPDATE RETURNING), rolled back. */
async function testUpload(ctx: Ctx, scope: RequestScope, bucketId: string, name: string, upsert: boolean) {
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

async function upload(ctx: Ctx, req: Req, res: Res, bucketRaw: string, keyRaw: string, upsert: boolean) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  const result = await storeUpload(ctx, req, scopeOf(req, caller, 'storage.object.upload'), bucketId, name, { upsert });
  send(res, 200, result);
}

async function storeUpload(
  ctx: Ctx,
  req: Req,
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

async function signUpload(ctx: Ctx, req: Req, res: Res, bucketRaw: string, keyRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  await bucketAsSuperUser(ctx, bucketId);
  const upsert = req.headers['x-upsert'] === 'true';
  await testUpload(ctx, scopeOf(req, caller, 'storage.object.upload_sign'), bucketId, name, upsert);
  const token = await ctx.tokens.sign({ url: `${bucketId}/${name}`, owner: caller.sub || undefined, upsert }, 7200);
  send(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
}

async function uploadSigned(ctx: Ctx, req: Req, res: Res, url: URL, bucketRaw: string, keyRaw: string) {
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  const payload = await verifySigned(ctx, url, `${bucketId}/${name}`);
  const anon: Caller = { role: 'anon', jwt: '', claims: {}, sub: '' };
  const result = await storeUpload(ctx, req, scopeOf(req, anon, 'storage.object.upload_signed'), bucketId, name, {
    upsert: payload.upsert === true,
    signedOwner: typeof payload.owner === 'string' ? payload.owner : '',
  });
  send(res, 200, result);
}

// ---------------------------------------------------------------- download

async function verifySigned(ctx: Ctx, url: URL, expected: string): Promise<Record<string, unknown>> {
  const token = url.searchParams.get('token');
  if (!token) throw errors.invalidRequest('Missing token');
  let payload: Record<string, unknown>;
  try {
    payload = await ctx.tokens.verify(token);
  } catch (e) {
    throw errors.invalidJwt((e as Error).message);
  }
  if (payload.url !== expected) throw errors.invalidSignature();
  return payload;
}

type Mode = 'public' | 'authenticated' | 'auto' | 'signed';

async function locate(ctx: Ctx, req: Req, url: URL | null, bucketRaw: string, keyRaw: string, mode: Mode) {
  const caller = mode === 'public' || mode === 'signed' ? null : await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  if (mode === 'signed') await verifySigned(ctx, url!, `${bucketId}/${name}`);
  const bucket = await bucketAsSuperUser(ctx, bucketId, mode === 'public');
  const obj =
    caller && !(mode === 'auto' && bucket.public)
      ? await q(
          ctx.db.asCaller(scopeOf(req, caller, 'storage.object.get'), (db) => findObject(db, bucketId, name)),
        )
      : await findObject(ctx.db.pool, bucketId, name);
  return { bucketId, name, obj };
}

async function download(ctx: Ctx, req: Req, res: Res, url: URL, bucketRaw: string, keyRaw: string, mode: Mode) {
  const { bucketId, name, obj } = await locate(ctx, req, url, bucketRaw, keyRaw, mode);
  const st = await ctx.files.stat(bucketId, name);
  if (!st?.isFile()) throw errors.noSuchKey();

  const meta = obj.metadata ?? ({} as Partial<ObjectMetadata>);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': meta.mimetype || 'application/octet-stream',
    'cache-control': meta.cacheControl || 'no-cache',
    'last-modified': new Date(meta.lastModified ?? obj.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (meta.eTag) headers.etag = meta.eTag;
  const dl = url.searchParams.get('download');
  if (dl !== null) {
    const fileName = dl || name.split('/').pop()!;
    headers['content-disposition'] = `attachment; filename=${encodeURIComponent(fileName)}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }

  const inm = req.headers['if-none-match'];
  if (inm && meta.eTag && inm.split(',').map((s) => s.trim()).includes(meta.eTag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }

  let range: { start: number; end: number } | undefined;
  const rh = req.headers.range;
  const rm = rh ? /^bytes=(\d*)-(\d*)$/.exec(rh) : null;
  if (rm && (rm[1] || rm[2])) {
    let start = rm[1] ? Number(rm[1]) : Math.max(0, st.size - Number(rm[2]));
    let end = rm[1] && rm[2] ? Number(rm[2]) : st.size - 1;
    end = Math.min(end, st.size - 1);
    if (start > end || start >= st.size) {
      res.writeHead(416, { 'content-range': `bytes */${st.size}` });
      res.end();
      return;
    }
    start = Math.max(0, start);
    range = { start, end };
    headers['content-range'] = `bytes ${start}-${end}/${st.size}`;
  }
  headers['content-length'] = range ? range.end - range.start + 1 : st.size;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = ctx.files.read(bucketId, name, range);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

async function info(ctx: Ctx, req: Req, res: Res, bucketRaw: string, keyRaw: string, mode: Mode) {
  const { obj } = await locate(ctx, req, null, bucketRaw, keyRaw, mode);
  const meta = obj.metadata ?? ({} as Partial<ObjectMetadata>);
  send(res, 200, {
    id: obj.id,
    version: obj.version,
    name: obj.name,
    bucket_id: obj.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: obj.user_metadata,
    last_modified: meta.lastModified ?? obj.updated_at,
    created_at: obj.created_at,
  });
}

// ---------------------------------------------------------------- signed URLs

async function signOne(ctx: Ctx, req: Req, res: Res, bucketRaw: string, keyRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  const body = await readJson(req);
  const expiresIn = positiveInt(body.expiresIn, 'expiresIn');
  await q(ctx.db.asCaller(scopeOf(req, caller, 'storage.object.sign'), (db) => findObject(db, bucketId, name)));
  const token = await ctx.tokens.sign({ url: `${bucketId}/${name}` }, expiresIn);
  send(res, 200, { signedURL: `/object/sign/${bucketId}/${name}?token=${token}` });
}

async function signMany(ctx: Ctx, req: Req, res: Res, bucketRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const body = await readJson(req);
  const expiresIn = positiveInt(body.expiresIn, 'expiresIn');
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((x) => typeof x !== 'string'))
    throw errors.invalidRequest('paths must be a non-empty list of object names');
  const found = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.object.sign'), async (db) => {
      const { rows } = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, paths],
      );
      return new Set(rows.map((r) => r.name));
    }),
  );
  const out = [];
  for (const path of paths as string[]) {
    if (!found.has(path)) {
      out.push({ error: SIGNED_URL_MISSING, path, signedURL: null });
      continue;
    }
    const token = await ctx.tokens.sign({ url: `${bucketId}/${path}` }, expiresIn);
    out.push({ error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` });
  }
  send(res, 200, out);
}

// ---------------------------------------------------------------- list, remove, copy, move

async function list(ctx: Ctx, req: Req, res: Res, bucketRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const body = await readJson(req);
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const limit = body.limit === undefined ? 100 : positiveInt(body.limit, 'limit');
  const offset = body.offset === undefined || body.offset === 0 ? 0 : positiveInt(body.offset, 'offset');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const search = typeof body.search === 'string' ? body.search : '';
  const rows = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.object.list'), async (db) => {
      const r = await db.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
        prefix,
        bucketId,
        limit,
        prefix.split('/').length,
        offset,
        search,
        typeof sortBy.column === 'string' ? sortBy.column : 'name',
        typeof sortBy.order === 'string' ? sortBy.order : 'asc',
      ]);
      return r.rows;
    }),
  );
  send(res, 200, rows);
}

async function removeMany(ctx: Ctx, req: Req, res: Res, bucketRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const body = await readJson(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || prefixes.some((x) => typeof x !== 'string'))
    throw errors.invalidRequest('prefixes must be a list of 1 to 1000 object names');
  // Rows the caller may not see or delete are skipped silently, as in Supabase.
  const rows = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.object.delete_many'), async (db) => {
      const r = await db.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, prefixes],
      );
      return r.rows;
    }),
  );
  for (const r of rows) await ctx.files.remove(bucketId, r.name).catch(() => {});
  send(res, 200, rows);
}

async function removeOne(ctx: Ctx, req: Req, res: Res, bucketRaw: string, keyRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const bucketId = bucketFromUrl(bucketRaw);
  const name = objectKey(keyRaw);
  const n = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.object.delete'), async (db) => {
      const r = await db.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [
        bucketId,
        name,
      ]);
      return r.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchKey();
  await ctx.files.remove(bucketId, name).catch(() => {});
  send(res, 200, { message: 'Successfully deleted' });
}

function copyMoveBody(body: Record<string, unknown>) {
  const from = mustBeValidBucketName(body.bucketId);
  const to = body.destinationBucket === undefined || body.destinationBucket === null ? from : mustBeValidBucketName(body.destinationBucket);
  if (typeof body.sourceKey !== 'string') throw errors.missingParameter('sourceKey');
  if (typeof body.destinationKey !== 'string') throw errors.missingParameter('destinationKey');
  return { from, to, sourceKey: mustBeValidKey(body.sourceKey), destinationKey: mustBeValidKey(body.destinationKey) };
}

async function copy(ctx: Ctx, req: Req, res: Res) {
  const caller = await ctx.tokens.caller(req);
  const { from, to, sourceKey, destinationKey } = copyMoveBody(await readJson(req));
  const upsert = req.headers['x-upsert'] === 'true';
  await bucketAsSuperUser(ctx, from);
  await bucketAsSuperUser(ctx, to);
  const scope = scopeOf(req, caller, 'storage.object.copy');
  const source = await q(ctx.db.asCaller(scope, (db) => findObject(db, from, sourceKey)));
  await testUpload(ctx, scope, to, destinationKey, upsert);
  const tmp = await ctx.files.copyToTmp(from, sourceKey).catch(() => {
    throw errors.noSuchKey();
  });
  const { owner, owner_id } = ownerOf(caller);
  try {
    const id = await q(
      ctx.db.asSuperUser(async (db) => {
        const { rows } = await db.query<{ id: string }>(
          upsert ? INSERT_OBJECT + UPSERT_TAIL : INSERT_OBJECT + ' returning id',
          [crypto.randomUUID(), to, destinationKey, owner, owner_id, source.metadata, source.user_metadata, crypto.randomUUID()],
        );
        await ctx.files.commit(tmp, to, destinationKey);
        return rows[0]!.id;
      }),
    );
    send(res, 200, { Id: id, Key: `${to}/${destinationKey}` });
  } finally {
    await ctx.files.discard(tmp);
  }
}

async function move(ctx: Ctx, req: Req, res: Res) {
  const caller = await ctx.tokens.caller(req);
  const { from, to, sourceKey, destinationKey } = copyMoveBody(await readJson(req));
  await bucketAsSuperUser(ctx, from);
  await bucketAsSuperUser(ctx, to);
  if (from === to && sourceKey === destinationKey) throw errors.invalidRequest('Source and destination are the same object');
  const src = ctx.files.pathOf(from, sourceKey);
  await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.object.move'), async (db) => {
      const r = await db.query(
        `update storage.objects set bucket_id = $3, name = $4, version = $5, last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [from, sourceKey, to, destinationKey, crypto.randomUUID()],
      );
      if (!r.rowCount) throw errors.noSuchKey();
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
  send(res, 200, { message: 'Successfully moved' });
}

// ---------------------------------------------------------------- buckets (as the caller: RLS on storage.buckets)

async function listBuckets(ctx: Ctx, req: Req, res: Res, url: URL) {
  const caller = await ctx.tokens.caller(req);
  const sp = url.searchParams;
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(sp.get('sortColumn') ?? '') ? sp.get('sortColumn')! : 'name';
  const order = sp.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = sp.has('limit') ? positiveInt(sp.get('limit'), 'limit') : null;
  const offset = sp.has('offset') && sp.get('offset') !== '0' ? positiveInt(sp.get('offset'), 'offset') : 0;
  const search = sp.get('search') ?? '';
  const rows = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.list'), async (db) => {
      const r = await db.query<BucketRow>(
        `select ${BUCKET_COLUMNS} from storage.buckets
         where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
         order by ${column} ${order} limit $2 offset $3`,
        [search, limit, offset],
      );
      return r.rows;
    }),
  );
  send(res, 200, rows.map(bucketOut));
}

async function getBucket(ctx: Ctx, req: Req, res: Res, idRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const id = bucketFromUrl(idRaw);
  const row = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.get'), async (db) => {
      const r = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
      return r.rows[0];
    }),
  );
  if (!row) throw errors.noSuchBucket();
  send(res, 200, bucketOut(row));
}

async function createBucket(ctx: Ctx, req: Req, res: Res) {
  const caller = await ctx.tokens.caller(req);
  const body = await readJson(req);
  if (body.name === undefined) throw errors.invalidRequest("body must have required property 'name'");
  const name = mustBeValidBucketName(body.name);
  const id = body.id === undefined || body.id === null ? name : mustBeValidBucketName(body.id);
  const isPublic = body.public === undefined || body.public === null ? false : body.public === true;
  const limit = parseFileSizeLimit(body.file_size_limit);
  const mimes = mimeList(body.allowed_mime_types);
  const { owner, owner_id } = ownerOf(caller);
  await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.create'), (db) =>
      db.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, owner, owner_id, isPublic, limit, mimes],
      ),
    ),
    errors.bucketExists,
  );
  send(res, 200, { name: id });
}

async function updateBucket(ctx: Ctx, req: Req, res: Res, idRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const id = bucketFromUrl(idRaw);
  const body = await readJson(req);
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
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.update'), async (db) => {
      const r = await db.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, values);
      return r.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchBucket();
  send(res, 200, { message: 'Successfully updated' });
}

async function deleteBucket(ctx: Ctx, req: Req, res: Res, idRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const id = bucketFromUrl(idRaw);
  const { rows } = await q(ctx.db.pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]));
  if (rows.length > 0) throw errors.bucketNotEmpty();
  const n = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.delete'), async (db) => {
      const r = await db.query('delete from storage.buckets where id = $1 returning id', [id]);
      return r.rowCount ?? 0;
    }),
  );
  if (n === 0) throw errors.noSuchBucket();
  await ctx.files.removeBucket(id);
  send(res, 200, { message: 'Successfully deleted' });
}

async function emptyBucket(ctx: Ctx, req: Req, res: Res, idRaw: string) {
  const caller = await ctx.tokens.caller(req);
  const id = bucketFromUrl(idRaw);
  const names = await q(
    ctx.db.asCaller(scopeOf(req, caller, 'storage.bucket.empty'), async (db) => {
      const b = await db.query('select 1 from storage.buckets where id = $1', [id]);
      if (!b.rowCount) throw errors.noSuchBucket();
      const r = await db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]);
      return r.rows.map((x) => x.name);
    }),
  );
  for (const n of names) await ctx.files.remove(id, n).catch(() => {});
  send(res, 200, { message: 'Successfully emptied' });
}
