// The public site's publishing, as a hosted project does it with Supabase Cron, pg_net and a
// build hook (docs/operations.md, "Publishing"), played here by a timer and a child process:
// - every half second, private.claim_publish() starts a build when the publish queue says one is
//   due (changes settled for the local debounce, a ceiling reached, an event turned past, or a
//   superadmin's "publish now");
// - the build is public-site/prerender/publish.ts: the prerender alone (the browser app of the
//   last `npm run build` is kept), written into the served folder file by file, atomically;
// - the result is reported as a build reports it on hosted: rpc/report_publish through the API
//   with the service key (live, or failed with the reason).
// Locally the debounce is short (LOCAL_DEBOUNCE) so that a saved change is live within 15 seconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { withLoneClient } from './pg-errors.js';
import { repoRoot } from './paths.js';
import type { ServiceHandle } from './types.js';

export interface PublisherConfig {
  dbUrl: string;
  /** The gateway, e.g. http://127.0.0.1:54321 (the report goes through the API, as on hosted). */
  apiUrl: string;
  serviceRoleKey: string;
  /** The built public site that is served (e.g. public-site/dist): published into in place. */
  siteDir: string;
  /** private.publish_settings for this database (PostgreSQL intervals). */
  debounce?: string;
  ceiling?: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

/** Changes settle this long before a local publish (hosted: 60 seconds). */
export const LOCAL_DEBOUNCE = '2 seconds';
/** The most a change waits while others keep coming (hosted: 5 minutes); also the retry delay. */
export const LOCAL_CEILING = '10 seconds';
export const CLAIM_INTERVAL_MS = 500;

const publishScript = path.join(repoRoot, 'public-site', 'prerender', 'publish.ts');

/**
 * Tells the publish queue how build `build` went (`error` null: live), through the API with the
 * service key, as a build does on hosted (scripts/deploy/report.ts sends the hosted one with it);
 * returns the state the queue recorded.
 */
export async function reportPublish(
  apiUrl: string,
  serviceRoleKey: string,
  build: string,
  error: string | null,
): Promise<string> {
  const res = await fetch(`${apiUrl}/rest/v1/rpc/report_publish`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ build_id: build, error }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`report_publish answered ${res.status}: ${text.slice(0, 300)}`);
  const state: unknown = JSON.parse(text);
  if (typeof state !== 'string') throw new Error(`report_publish answered ${text.slice(0, 100)}, not a state`);
  return state;
}

/**
 * One query on a client of its own, which listens for its connection's 'error' (pg-errors.ts): the
 * claim runs every CLAIM_INTERVAL_MS in the stack's own process, so a Postgres crash while it is
 * connected would otherwise end that process.
 */
function query<T extends pg.QueryResultRow>(
  dbUrl: string,
  text: string,
  values: unknown[] = [],
  log?: (line: string) => void,
): Promise<T[]> {
  return withLoneClient(dbUrl, log ?? (() => {}), async (client) => (await client.query<T>(text, values)).rows);
}

/**
 * The publish script, loaded and waiting (its TypeScript takes seconds to load on a busy machine):
 * run() starts it and resolves to null when it succeeded, else to its reason (its last line of
 * stderr); stop() ends a process that was never run.
 */
function readyPublish(siteDir: string, log?: (line: string) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', publishScript, siteDir, '--when-asked'], {
    cwd: repoRoot,
    // React's production build, as in `vite build`: the pages must be the build's own (and it is
    // several times quicker than the development build).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('published:')) log?.(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const result = new Promise<string | null>((done) => {
    child.on('error', (e) => done(e.message));
    child.on('exit', (code, signal) => {
      if (code === 0) return done(null);
      const reason = stderr.trim().split('\n').pop() || `publish exited (${signal ?? `exit ${code}`})`;
      done(reason.slice(0, 500));
    });
  });
  child.stdin.on('error', () => {}); // a child that died: its result says why
  return {
    /** `changes`: what the build is for (only the pages they touch are rendered), or null for all. */
    run: (changes: { content: string; row_key: string | null }[] | null) => {
      child.stdin.write(`${JSON.stringify(changes)}\n`);
      return result;
    },
    stop: () => {
      child.stdin.end();
      return result.then(() => {});
    },
  };
}

export async function startPublisher({
  dbUrl,
  apiUrl,
  serviceRoleKey,
  siteDir,
  debounce = LOCAL_DEBOUNCE,
  ceiling = LOCAL_CEILING,
  intervalMs = CLAIM_INTERVAL_MS,
  log,
}: PublisherConfig): Promise<ServiceHandle> {
  const site = path.resolve(siteDir);
  await query(
    dbUrl,
    'update private.publish_settings set debounce = $1::interval, ceiling = $2::interval',
    [debounce, ceiling],
    log,
  );
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

  const report = async (build: string, error: string | null) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await reportPublish(apiUrl, serviceRoleKey, build, error);
        return;
      } catch (e) {
        // The gateway may be restarting a child: try again, then leave it to the build timeout.
        if (attempt >= 5) return log?.(`publish report failed: ${message(e)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  let running: Promise<void> | null = null;
  let lastError = '';
  let ready = fs.existsSync(path.join(site, 'sitemap.xml')) ? readyPublish(site, log) : undefined;
  const publishOnce = async () => {
    // Nothing to publish into before the first `npm run build` has finished (its last file is the
    // sitemap): changes wait in the queue.
    if (!fs.existsSync(path.join(site, 'sitemap.xml'))) return;
    const [claimed] = await query<{ id: string | null }>(dbUrl, 'select private.claim_publish() as id', [], log);
    if (!claimed?.id) return;
    const started = Date.now();
    const changes = await query<{ content: string; row_key: string | null }>(
      dbUrl,
      'select distinct content, row_key from private.publish_changes where build_id = $1',
      [claimed.id],
      log,
    );
    // Every page when a publish time (private.publish_times: a news item's time, an event turning
    // past, a deadline) has come since the last live build, even if other changes wait beside it:
    // those pages change with time alone, no change names them. Also for a superadmin's request or
    // many changes at once.
    const [due] = await query<{ scheduled: boolean }>(
      dbUrl,
      `select exists (
         select 1 from private.publish_times() t(at)
          where t.at <= b.started_at
            and t.at > coalesce((select max(l.started_at) from private.publish_builds l
                                  where l.state = 'live' and l.id <> b.id), '-infinity')
       ) as scheduled
         from private.publish_builds b where b.id = $1`,
      [claimed.id],
      log,
    );
    const partial =
      !due?.scheduled &&
      changes.length > 0 &&
      changes.length <= 200 &&
      !changes.some((c) => c.content === 'publish_now');
    const publisher = ready ?? readyPublish(site, log);
    ready = readyPublish(site, log);
    const error = await publisher.run(partial ? changes : null);
    const what = partial ? `the pages of ${changes.length} change(s)` : 'every page';
    // Its reason says what became of the site (publish.ts: "nothing published: …" when it stopped
    // before moving a page in).
    log?.(error ? `publish (${what}) failed: ${error}` : `site published (${what}) in ${Date.now() - started} ms`);
    await report(claimed.id, error);
  };
  const tick = () => {
    if (running) return;
    running = publishOnce().then(
      () => {
        lastError = '';
      },
      (e: unknown) => {
        if (message(e) !== lastError) log?.(`publisher: ${(lastError = message(e))}`);
      },
    );
    void running.finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    url: site,
    async close() {
      clearInterval(timer);
      await running;
      await ready?.stop();
    },
  };
}
