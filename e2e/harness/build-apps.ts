import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface AppBuilds {
  publicDir: string;
  adminDir: string;
}

/** Builds both apps against the given API (VITE_* env) into `outDir/{public,admin}`. */
export function buildApps(outDir: string, env: Record<string, string>): AppBuilds {
  const dirs = { publicDir: join(outDir, 'public'), adminDir: join(outDir, 'admin') };
  for (const [workspace, dir] of [['public-site', dirs.publicDir], ['admin-console', dirs.adminDir]] as const) {
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(repoRoot, workspace),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
  }
  return dirs;
}
