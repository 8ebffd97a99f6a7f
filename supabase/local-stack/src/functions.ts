// Edge Functions on the real Deno runtime (npm package `deno`): one router process (deno/router.ts)
// serves supabase/functions/<name>/index.ts. npm: specifiers resolve offline from the repo's
// node_modules (supabase/functions/deno.json: "nodeModulesDir": "manual").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopChild, track } from './children.js';
import { exitReason, supervise, type Incarnation } from './supervisor.js';
import { repoRoot, srcDir } from './paths.js';
import { resolveBinary, windowsEnv } from './platform.js';
import { waitFor } from './ports.js';
import type { FunctionsConfig, ServiceHandle } from './types.js';

/** Deno's executable, from the platform's @deno/* package (platform.ts); npm `deno` only wraps it. */
export function denoBinary(): string {
  return resolveBinary('deno');
}

export interface FunctionsStartConfig extends FunctionsConfig {
  jwtSecret: string;
  /** Functions with [functions.<name>] verify_jwt = false in config.toml */
  noVerifyJwt?: string[];
  /** DENO_DIR (module cache); default <functionsDir>/../.temp/deno */
  denoDir?: string;
  log?: (line: string) => void;
}

/** KEY=VALUE lines of supabase/functions/.env (what `supabase functions serve` loads too). */
export function readDotEnv(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m) continue;
    let v = m[2]!;
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
    out[m[1]!] = v;
  }
  return out;
}

export interface FunctionsHandle extends ServiceHandle {
  /** The running Deno router's pid (fault tests kill it). */
  readonly pid: number;
  readonly restarts: number;
}

/** The Deno router, supervised (supervisor.ts): started again whenever it dies. */
export async function startFunctions(config: FunctionsStartConfig): Promise<FunctionsHandle> {
  const functionsDir = path.resolve(config.functionsDir);
  // Secrets for local functions; the SUPABASE_* values of the stack always win (as in the CLI).
  const secrets = Object.fromEntries(
    Object.entries(readDotEnv(path.join(functionsDir, '.env'))).filter(([k]) => !k.startsWith('SUPABASE_')),
  );
  const denoJson = path.join(functionsDir, 'deno.json');
  const args = [
    'run',
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--no-prompt',
    ...(fs.existsSync(denoJson) ? ['--config', denoJson] : []),
    path.join(srcDir, 'deno', 'router.ts'),
  ];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    ...windowsEnv(),
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
    DENO_DIR: config.denoDir ?? path.join(repoRoot, 'supabase', '.temp', 'deno'),
    ...secrets,
    ...config.env,
    ROUTER_PORT: String(config.port),
    FUNCTIONS_DIR: functionsDir,
    JWT_SECRET: config.jwtSecret,
    FUNCTIONS_NO_VERIFY_JWT: (config.noVerifyJwt ?? []).join(','),
  };
  const url = `http://127.0.0.1:${config.port}`;
  const supervised = await supervise(url, {
    name: 'functions',
    start: () => runRouter(args, env, url, config),
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

async function runRouter(
  args: string[],
  env: Record<string, string>,
  url: string,
  config: FunctionsStartConfig,
): Promise<Incarnation & { pid: number }> {
  // stdin stays open: the router exits when it closes (this process died, however it died).
  const child = spawn(denoBinary(), args, { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.on('error', () => {});
  track(child);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(exitReason(code, signal))),
  );
  let output = '';
  let ended = false;
  child.once('exit', () => (ended = true));
  const onData = (d: Buffer) => {
    output += d;
    if (output.length > 20000) output = output.slice(-10000);
    for (const line of d.toString().split('\n')) if (line.trim()) config.log?.(line.trim());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  try {
    await waitFor(
      'Functions (Deno)',
      async () => {
        const res = await fetch(url + '/_internal/health', { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        return res.ok;
      },
      { timeoutMs: 30000, failed: () => (ended ? `deno exited:\n${output}` : undefined) },
    );
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { pid: child.pid!, exited, stop: () => stopChild(child) };
}
