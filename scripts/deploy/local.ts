// The release to this machine: a fresh local stack on free ports stands for the hosted project,
// two `wrangler pages dev` servers (Cloudflare Pages' runtime) for the two Pages projects, each
// serving a plain folder that the upload step fills. What the local stack cannot take at run time
// (function secrets, auth settings: it reads them when it starts) is checked, not applied.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runCli, startStack, type Stack } from '@union/local-stack';
import { pagesDev, type PagesServer } from '../lib/pages.js';
import { readRecordedMigrations } from './drift.js';
import { checkDatabase, checkSmtp, proveAll } from './preflight.js';
import { parseMarker } from '../../shared/src/releaseMarker.js';
import { dbPush, type PagesProject, type SiteTarget, type Target } from './target.js';

/** Empties `dir` and copies `from` into it, keeping the folder itself (the server watches it). */
function replaceContents(from: string, dir: string) {
  for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  cpSync(from, dir, { recursive: true });
}

/**
 * Listens on a free port until released, so that nothing started meanwhile takes it: the stack
 * picks free ports too, and the kernel may hand out a just-closed port again (then a stack's
 * service answered where the site was to be, and the smoke test read its 404s).
 */
async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  let released: Promise<void> | undefined;
  return { port, release: () => (released ??= new Promise<void>((resolve) => server.close(() => resolve()))) };
}

/** runCli passes this process's environment to the CLI. */
async function withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

export async function localTarget(
  workDir: string,
  log: (line: string) => void,
): Promise<Target & SiteTarget & Required<Pick<SiteTarget, 'claimBuild'>>> {
  const served: Record<PagesProject, string> = {
    site: path.join(workDir, 'pages', 'site'),
    admin: path.join(workDir, 'pages', 'admin'),
  };
  for (const dir of Object.values(served)) mkdirSync(dir, { recursive: true });
  const servers: Partial<Record<PagesProject, PagesServer>> = {};
  const held: Partial<Record<PagesProject, Awaited<ReturnType<typeof holdFreePort>>>> = {};
  let stack: Stack | undefined;
  const close = async () => {
    for (const hold of Object.values(held)) await hold.release();
    for (const server of Object.values(servers)) await server.stop();
    await stack?.stop();
  };
  try {
    // The two "Pages projects": their addresses go into the builds and the stack's mails. Each
    // server starts at the first upload: wrangler reads `_headers` and `_redirects` when it
    // starts and re-reads them when they change, but misses them if they appear later.
    held.site = await holdFreePort();
    held.admin = await holdFreePort();
    const ports: Record<PagesProject, number> = { site: held.site.port, admin: held.admin.port };
    const site = { url: `http://127.0.0.1:${ports.site}` };
    const admin = { url: `http://127.0.0.1:${ports.admin}` };
    log(`the "Pages projects": ${site.url} (public site) and ${admin.url} (console), wrangler pages dev`);
    stack = await startStack({ dataDir: path.join(workDir, 'stack'), ports: 'free', reset: true, siteUrl: site.url });
    log(`the "hosted project": a fresh local stack at ${stack.apiUrl}`);
    const { apiUrl, anonKey, dbUrl, serviceRoleKey } = stack;
    const smtpPort = String(stack.ports.smtp);

    return {
      name: 'local',
      // Cookies ignore ports: a host-only cookie set by the console reaches the site on the other port.
      addresses: { siteUrl: site.url, adminAppUrl: `${admin.url}/admin/`, apiUrl, anonKey, cookieDomain: '' },
      serviceRoleKey,
      async liveRelease() {
        const file = path.join(served.site, 'release.txt');
        return existsSync(file) ? (parseMarker(readFileSync(file, 'utf8'))?.commit ?? null) : null;
      },
      cleanTree(dirty) {
        if (dirty.length > 0) log(`releasing uncommitted changes to this machine (${dirty.length} file(s))`);
      },
      // What stands for the hosted project here: its database and its mail server. The
      // management API, Cloudflare and the publish hook exist on hosted only (the stack plays them).
      async proveAccess(log) {
        await proveAll(
          [
            () => checkDatabase(dbUrl, undefined, 'the local database'),
            () => checkSmtp({ host: '127.0.0.1', port: Number(smtpPort), user: '', pass: '' }),
          ],
          log,
        );
      },
      // The hosted cron job's part: a change waits in the queue ("Publish now", which a superadmin
      // may ask for), and private.claim_publish() makes it a running build.
      async claimBuild() {
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try {
          await client.query(
            `insert into private.publish_changes (content, operation, urgent) values ('publish_now', 'REQUEST', true)`,
          );
          const { rows } = await client.query<{ id: string | null }>('select private.claim_publish() as id');
          if (!rows[0]?.id) throw new Error('the publish queue claimed no build');
          log(`the publish queue claimed build ${rows[0].id}, as the cron job does on hosted`);
          return rows[0].id;
        } finally {
          await client.end();
        }
      },
      recordedMigrations: () => readRecordedMigrations(dbUrl, undefined),
      async pushMigrations() {
        const push = dbPush(dbUrl);
        log(`$ PGPASSWORD=*** npx supabase ${push.args.join(' ')}`);
        await withEnv(push.env, () => runCli(push.args, (line) => log(`  ${line}`)));
      },
      async deployFunctions(names) {
        // The local stack serves supabase/functions itself, the folders the CLI would upload:
        // each must answer through the API gateway (an unknown one is a 404 "Function not found").
        for (const name of names) {
          const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
            method: 'OPTIONS',
            headers: { apikey: anonKey },
          });
          const body = await res.text();
          if (res.status === 404 && body.includes('Function not found'))
            throw new Error(`the function ${name} is not served from supabase/functions`);
          log(`${name}: served (OPTIONS ${res.status})`);
        }
      },
      // What supabase/local-stack gives its functions when it starts (its mail catcher, this site).
      functionSecrets: () => ({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: smtpPort,
        SMTP_USER: '',
        SMTP_PASS: '',
        SMTP_FROM: 'Palestinian Students Union <noreply@union.test>',
        PUBLIC_SITE_URL: site.url,
      }),
      async setSecrets(secrets) {
        log(`${Object.keys(secrets).join(', ')}: given to the functions by the local stack at its start`);
      },
      authTarget: () => ({ projectId: 'union', siteUrl: site.url, adminAppUrl: `${admin.url}/admin/` }),
      async pushAuthConfig() {
        log('the local auth service read the same [auth] settings and templates at its start');
      },
      async upload(project, dir) {
        replaceContents(dir, served[project]);
        await held[project]?.release();
        servers[project] ??= await pagesDev({
          dir: served[project],
          port: ports[project],
          stateDir: path.join(workDir, `wrangler-${project}`),
        });
        log(`${project}: copied into ${path.relative(process.cwd(), served[project])}, served by wrangler pages dev`);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
