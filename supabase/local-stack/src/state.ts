// A running stack's own record of where it answers, `<data-dir>/stack.json`, so commands that
// write to "the local stack" (backup, restore) find the one that runs, whatever its ports,
// instead of assuming config.toml's. Written when the stack is ready, removed when it stops.
import fs from 'node:fs';
import path from 'node:path';

export interface StackState {
  /** The process that holds the gateway (a dead pid means a stale file). */
  pid: number;
  apiUrl: string;
  dbUrl: string;
  startedAt: string;
}

export const stateFile = (dataDir: string) => path.join(path.resolve(dataDir), 'stack.json');

export function writeStackState(dataDir: string, state: Omit<StackState, 'pid' | 'startedAt'>): () => void {
  const file = stateFile(dataDir);
  const mine: StackState = { pid: process.pid, startedAt: new Date().toISOString(), ...state };
  fs.writeFileSync(file, JSON.stringify(mine, null, 2) + '\n', { mode: 0o600 });
  return () => {
    // Only our own record: a newer stack on the same folder may have replaced it.
    if (readStackState(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The stack that runs on `dataDir`, or undefined when none does (a stale file is ignored). */
export function readStackState(dataDir: string): StackState | undefined {
  let state: StackState;
  try {
    state = JSON.parse(fs.readFileSync(stateFile(dataDir), 'utf8')) as StackState;
  } catch {
    return undefined;
  }
  try {
    process.kill(state.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return state;
}

/**
 * For an app built (or served) without VITE_SUPABASE_URL: the API of the stack that runs on
 * `dataDir`, set in `env` (process.env, which Vite reads) so the app calls that stack whatever its
 * ports, rather than config.toml's. Returns it, or undefined when the variable is set (in `env` or
 * the app's .env files, `fileEnv`) or no stack runs; the build's own warning then names the variables.
 */
export function useRunningStack(
  env: Record<string, string | undefined>,
  fileEnv: Record<string, string>,
  dataDir: string,
): string | undefined {
  if (env.VITE_SUPABASE_URL?.trim() || fileEnv.VITE_SUPABASE_URL?.trim()) return undefined;
  const state = readStackState(dataDir);
  if (state) env.VITE_SUPABASE_URL = state.apiUrl;
  return state?.apiUrl;
}

/** useRunningStack as a Vite plugin (typed structurally: the stack does not depend on Vite) that says when it was used. */
export function runningStackPlugin(...args: Parameters<typeof useRunningStack>) {
  const found = useRunningStack(...args);
  return {
    name: 'union-running-stack',
    configResolved(config: { logger: { info(message: string): void } }) {
      if (found) config.logger.info(`  for the local stack running at ${found} (VITE_SUPABASE_URL not set)`);
    },
  };
}
