import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startStack } from '@union/local-stack';
import { buildApps } from './build-apps';
import { serveApps } from './static-server';

export default async function globalSetup() {
  const workDir = mkdtempSync(join(tmpdir(), 'union-e2e-'));
  const appPort = await freePort();
  const publicUrl = `http://127.0.0.1:${appPort}`;
  // The links in mails (cancel, event) point at the site the tests serve.
  const stack = await startStack({ dataDir: join(workDir, 'stack'), ports: 'free', reset: true, siteUrl: publicUrl });

  const viteEnv = {
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_ADMIN_URL: '/admin/',
    VITE_PUBLIC_SITE_URL: '/',
  };
  const builds = await buildApps(workDir, viteEnv, { developmentPublicSite: true });
  const server = await serveApps(builds.publicDir, builds.adminDir, appPort);
  const devPort = await freePort();
  const devServer = await serveApps(builds.publicDevDir!, builds.adminDir, devPort);

  Object.assign(process.env, {
    PUBLIC_URL: publicUrl,
    DEV_PUBLIC_URL: `http://127.0.0.1:${devPort}`,
    ADMIN_URL: `${publicUrl}/admin/`,
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    MAIL_URL: stack.mailUrl,
  });

  return async () => {
    await new Promise((done) => server.close(done));
    await new Promise((done) => devServer.close(done));
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
