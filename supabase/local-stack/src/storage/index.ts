// A Supabase-Storage-compatible HTTP service for the local stack (mounted by the gateway at
// /storage/v1), following CONTRACT.md section "Storage" and supabase/storage's behaviour:
// row-level security on storage.objects and storage.buckets, evaluated as the caller, decides
// every access; buckets' size and mime limits apply; object bytes live in files under
// `filesDir/<bucket>/<name>`. The endpoints are in routes/ (one file per upstream route file),
// declared with their guards in routes/index.ts.
import http from 'node:http';
import { closeServer, listen, sendJson } from '../http.js';
import type { ServiceHandle, StorageConfig } from '../types.js';
import { Tokens } from './auth.js';
import { Database } from './db.js';
import { errors, StorageError, unavailable } from './errors.js';
import { FileStore } from './files.js';
import { routes } from './routes/index.js';
import { makeRouter, type Ctx } from './router.js';

export async function startStorage(config: StorageConfig): Promise<ServiceHandle> {
  const files = new FileStore(config.filesDir);
  await files.init();
  const db = new Database(config.dbUrl, config.log);
  const ctx: Ctx = { db, files, tokens: new Tokens(config.jwtSecret), fileSizeLimit: config.fileSizeLimit };
  const dispatch = makeRouter(routes);

  const server = http.createServer((req, res) => {
    dispatch(ctx, req, res).catch((e: unknown) => sendError(res, e));
  });
  // Longer than the gateway's idle pool timeout, so it never reuses a socket we are closing.
  server.keepAliveTimeout = 65_000;

  const port = await listen(server, config.port);
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await closeServer(server);
      await db.close();
    },
  };
}

export function sendError(res: http.ServerResponse, e: unknown): void {
  // An outage met outside a mapped query (checking out a connection, writing a file) is a 503 too.
  const err = e instanceof StorageError ? e : (unavailable(e) ?? errors.internal());
  if (err.statusCode === 500) console.error('[storage]', e);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // (A HEAD answer gets the head only: Node leaves the body out.) A 503 says when to retry, as
  // the gateway's own does.
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (err.httpStatus === 503) headers['retry-after'] = '1';
  sendJson(res, err.httpStatus, err.body(), headers);
}
