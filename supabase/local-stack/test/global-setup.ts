// vitest globalSetup for the "stack" project: when SUPABASE_URL is unset, start a fresh local
// stack on free ports in a temp folder (reset: bootstrap, migrations, seed), publish its URLs
// through process.env (inherited by the test workers) and `provide`, and stop + delete it after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../src/index.js';

export const ENV_KEYS = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_DB_URL',
  'MAIL_URL',
] as const;

declare module 'vitest' {
  export interface ProvidedContext {
    SUPABASE_URL: string;
    SUPABASE_ANON_KEY: string;
    SUPABASE_SERVICE_ROLE_KEY: string;
    SUPABASE_DB_URL: string;
    MAIL_URL: string;
  }
}

/**
 * Folders of earlier runs that were killed before their teardown (older than an hour, no live
 * postmaster) would pile up in the temp folder: remove them.
 */
function removeStaleStacks() {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith('union-stack-')) continue;
    const dir = path.join(tmp, name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs < 60 * 60 * 1000) continue;
      const pidFile = path.join(dir, 'pg', 'postmaster.pid');
      if (fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
        try {
          process.kill(pid, 0);
          continue; // still running
        } catch {
          /* dead: stale */
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* raced with someone else: leave it */
    }
  }
}

export default async function setup(project: TestProject) {
  removeStaleStacks();
  let stack: Stack | undefined;
  let dir: string | undefined;
  if (!process.env.SUPABASE_URL) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-stack-'));
    const lines: string[] = [];
    try {
      stack = await startStack({
        dataDir: dir,
        ports: 'free',
        reset: true,
        log: (service, line) => lines.push(`[${service}] ${line}`),
      });
    } catch (e) {
      fs.rmSync(dir, { recursive: true, force: true });
      console.error(lines.slice(-60).join('\n'));
      throw e;
    }
    process.env.SUPABASE_URL = stack.apiUrl;
    process.env.SUPABASE_ANON_KEY = stack.anonKey;
    process.env.SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
    process.env.SUPABASE_DB_URL = stack.dbUrl;
    process.env.MAIL_URL = stack.mailUrl;
  }
  for (const k of ENV_KEYS) project.provide(k, process.env[k] ?? '');

  return async () => {
    if (stack) {
      await stack.stop();
      for (const k of ENV_KEYS) delete process.env[k];
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
