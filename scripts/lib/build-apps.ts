// Builds the apps with Vite for a release, the bench and the end-to-end tests (here, not in e2e/:
// the release must not depend on the tests).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface AppBuilds {
  publicDir: string;
  adminDir: string;
  /** The public site built with React's development runtime (which reports every hydration mismatch). */
  publicDevDir?: string;
}

/**
 * Runs `vite build` in a workspace. Asynchronously: the local stack usually runs in this very
 * process, and the public site's prerender reads its content through it.
 */
function viteBuild(workspace: string, dir: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(repoRoot, workspace),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`vite build in ${workspace} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Where buildApps(outDir) builds the public site (known before it is built: the stack publishes there). */
export const publicSiteBuildDir = (outDir: string): string => join(outDir, 'public');

/** Builds the public site alone against the given API (VITE_* env) into `outDir/public`. */
export async function buildPublicSite(outDir: string, env: Record<string, string>): Promise<string> {
  const dir = publicSiteBuildDir(outDir);
  await viteBuild('public-site', dir, env);
  return dir;
}

/**
 * Builds both apps against the given API (VITE_* env) into `outDir/{public,admin}`; the public
 * site's build prerenders every page with the content that API serves at that moment.
 */
export async function buildApps(
  outDir: string,
  env: Record<string, string>,
  options: { developmentPublicSite?: boolean } = {},
): Promise<AppBuilds> {
  const dirs: AppBuilds = { publicDir: await buildPublicSite(outDir, env), adminDir: join(outDir, 'admin') };
  await viteBuild('admin-console', dirs.adminDir, env);
  if (options.developmentPublicSite) {
    dirs.publicDevDir = join(outDir, 'public-dev');
    await viteBuild('public-site', dirs.publicDevDir, { ...env, NODE_ENV: 'development' });
  }
  return dirs;
}
