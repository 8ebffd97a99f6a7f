import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startStack } from '@union/local-stack';
import { serveApps } from './static-server';

const repoRoot = resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

function build(workspace: string, outDir: string, env: Record<string, string>) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(repoRoot, workspace),
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

export default async function globalSetup() {
  const workDir = mkdtempSync(join(tmpdir(), 'union-e2e-'));
  const stack = await startStack({ dataDir: join(workDir, 'stack'), ports: 'free', reset: true });
  const appPort = await freePort();
  const publicUrl = `http://127.0.0.1:${appPort}`;

  const viteEnv = {
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_ADMIN_URL: '/admin/',
    VITE_PUBLIC_SITE_URL: '/',
  };
  build('public-site', join(workDir, 'public'), viteEnv);
  build('admin-console', join(workDir, 'admin'), viteEnv);
  const server = await serveApps(join(workDir, 'public'), join(workDir, 'admin'), appPort);

  Object.assign(process.env, {
    PUBLIC_URL: publicUrl,
    ADMIN_URL: `${publicUrl}/admin/`,
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    MAIL_URL: stack.mailUrl,
  });

  return async () => {
    await new Promise((done) => server.close(done));
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
