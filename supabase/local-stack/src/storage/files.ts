// Object bytes on disk: `<filesDir>/<bucket>/<object name>`. Uploads stream into a temp file
// (`<filesDir>/.tmp/`, same file system) and are renamed into place only after the database row
// is written, so a failed or refused upload never leaves half a file behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { errors, StorageError } from './errors.js';

export class FileStore {
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
  }

  async init(): Promise<void> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    // Leftovers of a crash: never valid objects.
    for (const f of await fsp.readdir(this.tmpDir)) await fsp.rm(path.join(this.tmpDir, f), { force: true });
  }

  /** Keys are validated before they get here (no '..', no absolute paths, no empty segments). */
  pathOf(bucket: string, name: string): string {
    const p = path.join(this.root, bucket, ...name.split('/'));
    const base = path.join(this.root, bucket) + path.sep;
    if (!p.startsWith(base)) throw errors.invalidKey(name, 'outside the bucket');
    return p;
  }

  tmpPath(): string {
    return path.join(this.tmpDir, `${crypto.randomUUID()}.part`);
  }

  /** Moves a finished temp file into place (atomic rename). */
  async commit(tmp: string, bucket: string, name: string): Promise<void> {
    const dest = this.pathOf(bucket, name);
    try {
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      const st = await fsp.stat(dest).catch(() => null);
      if (st?.isDirectory()) throw new Error('EISDIR');
      await fsp.rename(tmp, dest);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST')
        throw errors.invalidKey(name, 'a file and a folder of the same name cannot both exist here');
      throw e;
    }
  }

  async copyToTmp(bucket: string, name: string): Promise<string> {
    const tmp = this.tmpPath();
    await fsp.copyFile(this.pathOf(bucket, name), tmp);
    return tmp;
  }

  async remove(bucket: string, name: string): Promise<void> {
    const p = this.pathOf(bucket, name);
    await fsp.rm(p, { force: true });
    // Drop folders left empty, up to the bucket folder.
    let dir = path.dirname(p);
    const stop = path.join(this.root, bucket);
    while (dir.startsWith(stop + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await fsp.rm(path.join(this.root, bucket), { recursive: true, force: true });
  }

  async discard(tmp: string | undefined): Promise<void> {
    if (tmp) await fsp.rm(tmp, { force: true }).catch(() => {});
  }

  stat(bucket: string, name: string): Promise<fs.Stats | null> {
    return fsp.stat(this.pathOf(bucket, name)).catch(() => null);
  }

  read(bucket: string, name: string, range?: { start: number; end: number }): fs.ReadStream {
    return fs.createReadStream(this.pathOf(bucket, name), range);
  }
}

export interface ReceivedFile {
  tmp: string;
  size: number;
  md5: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface ReceiveOptions {
  maxSize: number;
  /** Throws a StorageError when the mime type is not allowed. */
  checkMime: (mime: string) => void;
}

class TooLarge extends Error {}

/** Counts and hashes the bytes while they stream to disk; stops past maxSize. */
function meter(maxSize: number) {
  const hash = crypto.createHash('md5');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > maxSize) return cb(new TooLarge());
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  return { t, size: () => size, md5: () => hash.digest('hex') };
}

/** Reads what is left of a request so the client gets our answer instead of a reset. */
function drain(req: http.IncomingMessage, cap = 256 * 1024 * 1024): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    let n = 0;
    req.on('data', (c: Buffer) => {
      n += c.length;
      if (n > cap) {
        req.destroy();
        resolve();
      }
    });
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.on('close', resolve);
    req.resume();
  });
}

async function toTmp(src: Readable, tmp: string, maxSize: number) {
  const m = meter(maxSize);
  await pipeline(src, m.t, fs.createWriteStream(tmp));
  return { size: m.size(), md5: m.md5() };
}

function parseUserMetadata(raw: string | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw errors.invalidRequest('Invalid metadata: must be a JSON object');
}

/**
 * Receives an upload body: multipart/form-data (the file in any file part, storage-js names it
 * "", with optional `cacheControl`, `contentType` and `metadata` fields) or the raw bytes with
 * `content-type` and `cache-control` headers, as supabase/storage's uploader reads them.
 */
export async function receiveUpload(
  req: http.IncomingMessage,
  store: FileStore,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  const contentType = req.headers['content-type'] ?? '';
  const tmp = store.tmpPath();
  try {
    if (/^multipart\/form-data/i.test(contentType)) return await receiveMultipart(req, tmp, opts);

    const mimetype = contentType || 'application/octet-stream';
    opts.checkMime(mimetype);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > opts.maxSize) throw errors.tooLarge();
    const { size, md5 } = await toTmp(req, tmp, opts.maxSize).catch((e: unknown) => {
      throw e instanceof TooLarge ? errors.tooLarge() : e;
    });
    const xMeta = req.headers['x-metadata'];
    const userMetadata = parseUserMetadata(
      typeof xMeta === 'string' ? Buffer.from(xMeta, 'base64').toString('utf8') : undefined,
    );
    return {
      tmp,
      size,
      md5,
      mimetype,
      cacheControl: headerString(req.headers['cache-control']) ?? 'no-cache',
      userMetadata,
    };
  } catch (e) {
    await store.discard(tmp);
    await drain(req);
    throw e;
  }
}

function headerString(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function receiveMultipart(req: http.IncomingMessage, tmp: string, opts: ReceiveOptions): Promise<ReceivedFile> {
  return new Promise<ReceivedFile>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // busboy flags a file as truncated when it reaches fileSize, so one byte more than the limit
      // is asked for: a file of exactly the limit is accepted, as on Storage.
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: opts.maxSize + 1, fields: 20 } });
    } catch (e) {
      reject(errors.invalidRequest(`Invalid multipart body: ${(e as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let failure: unknown = null;
    let fileDone: Promise<{ size: number; md5: string; mimetype: string }> | null = null;

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, file, info) => {
      if (fileDone || failure) {
        file.resume();
        return;
      }
      const mimetype = fields.contentType || info.mimeType || 'application/octet-stream';
      try {
        opts.checkMime(mimetype);
      } catch (e) {
        failure = e;
        file.resume();
        return;
      }
      let truncated = false;
      file.on('limit', () => {
        truncated = true;
      });
      // busboy stops at fileSize (limit + 1) and emits 'limit': that file is too large.
      fileDone = toTmp(file, tmp, Number.MAX_SAFE_INTEGER).then((r) => {
        if (truncated) throw errors.tooLarge();
        return { ...r, mimetype };
      });
      fileDone.catch((e: unknown) => {
        failure ??= e;
        file.resume();
      });
    });
    bb.on('error', (e: unknown) => {
      failure ??= errors.invalidRequest(`Invalid multipart body: ${(e as Error).message}`);
      req.unpipe(bb);
      void drain(req).then(() => reject(failure));
    });
    bb.on('close', () => {
      void (async () => {
        if (failure) return reject(failure);
        if (!fileDone) return reject(errors.invalidRequest('No content provided'));
        try {
          const r = await fileDone;
          resolve({
            tmp,
            size: r.size,
            md5: r.md5,
            mimetype: r.mimetype,
            cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
            userMetadata: parseUserMetadata(fields.metadata),
          });
        } catch (e) {
          reject(e);
        }
      })();
    });
    // A client that goes away mid-body: busboy never closes, so settle here.
    req.on('close', () => {
      if (req.complete) return;
      failure ??= errors.invalidRequest('Request aborted');
      reject(failure);
    });
    req.pipe(bb);
  });
}

export { StorageError };
