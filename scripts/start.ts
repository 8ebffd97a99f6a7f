// `npm start`        the local Supabase stack + both apps' Vite dev servers
// `npm run stack`    the stack only (--stack-only)
// `npm run db:reset` wipe the dev database, bootstrap, migrations + seed, then exit (--reset-only)
// Options: --reset (start from a fresh database), --verbose (every service's output),
// --data-dir=<dir> and --ports=free (a second, throwaway stack and apps beside the dev ones).
// Data lives in .data/dev; a fresh folder is reset automatically. Ctrl-C stops everything.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, portTaken, startStack, PortInUseError, type ServiceName, type Stack } from '@union/local-stack';
import { acquireLock } from './lib/lock.js';
import { prefixOutput, spawnGroup, stopGroup } from './lib/proc.js';
import { formatTable } from './lib/table.js';
import type { ChildProcess } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dataRoot = path.join(root, '.data');
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const args = new Set(argv);
const dataDir = path.resolve(root, option('data-dir') ?? path.join(dataRoot, 'dev'));
const lockFile = `${dataDir}.lock`;
const logFile = `${dataDir}-stack.log`;
const freePorts = option('ports') === 'free';
const stackOnly = args.has('--stack-only');
const resetOnly = args.has('--reset-only');
const verbose = args.has('--verbose');
const APPS = [
  { name: 'public site', workspace: '@union/public-site', port: 5173, path: '/' },
  { name: 'admin console', workspace: '@union/admin-console', port: 5174, path: '/admin/' },
];

fs.mkdirSync(path.dirname(dataDir), { recursive: true });
const command = resetOnly ? 'npm run db:reset' : stackOnly ? 'npm run stack' : 'npm start';
const lock = acquireLock(lockFile, command);
if (!lock.ok) {
  const o = lock.owner;
  console.error(
    `The local stack is already running (pid ${o.pid}, "${o.command}", started ${o.startedAt}).\n` +
      (o.urls
        ? Object.entries(o.urls)
            .map(([k, v]) => `  ${k}: ${v}`)
            .join('\n') + '\n'
        : '') +
      `Nothing was started or changed. Stop it with Ctrl-C in its terminal (or kill ${o.pid}) first.`,
  );
  process.exit(1);
}
const heldLock = lock;

const logStream = fs.createWriteStream(logFile, { flags: 'w' });
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1).padStart(5) + ' s';
const progress = (what: string, detail: string) => console.log(`  ✓ ${what.padEnd(13)} ${detail.padEnd(44)} ${secs()}`);

function onLog(service: ServiceName, line: string) {
  logStream.write(`[${service}] ${line}\n`);
  if (verbose) console.log(`  [${service}] ${line}`);
  if (/^ready (on|at) /.test(line)) progress(service, line);
  else if (service === 'migrate' && /^(bootstrap, migrations|applied|seed hooks done)/.test(line))
    progress('migrations', line);
  else if (service === 'stack' && line.startsWith('reset')) console.log(`  … ${line}`);
  // The public site republished after a content change (npm run preview serves it).
  else if (service === 'publisher') console.log(`  ↻ ${line}`);
  // A child that died and its restart (supervisor.ts) are shown, not only logged.
  else if (/ exited \(.*\) after | restarted in | restart failed: /.test(line)) console.log(`  ! ${line}`);
}

let stack: Stack | undefined;
const apps: ChildProcess[] = [];
let shuttingDown: Promise<void> | undefined;

function shutdown(code: number): Promise<void> {
  return (shuttingDown ??= (async () => {
    console.log('\n  Stopping…');
    await Promise.allSettled(apps.map((a) => stopGroup(a)));
    await stack?.stop();
    logStream.end();
    console.log('  Stopped.');
    process.exit(code);
  })());
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
// A crash of this process itself (the gateway, auth and storage run in it) is reported and
// everything it started is stopped with it: no silent death, no orphaned Postgres.
process.on('uncaughtException', (e) => {
  onLog('stack', `crashed: ${e.stack ?? String(e)}`);
  console.error(`\n  ✗ The stack crashed: ${e.message}. Details in ${path.relative(root, logFile)}.`);
  void shutdown(70);
});

async function main() {
  const where = path.relative(root, dataDir);
  console.log(
    resetOnly ? `\n  Resetting the local database (${where})…\n` : `\n  Starting the local stack (${where})…\n`,
  );
  if (!resetOnly && !stackOnly) {
    for (const app of APPS) {
      if (freePorts) app.port = await freePort();
      else if (await portTaken(app.port)) throw new PortInUseError(app.port, app.name);
    }
  }
  // The public site's real address, known before anything starts: the mails' links (send-mail's
  // PUBLIC_SITE_URL), the reset mail's site link and the apps' own links all name it, so on other
  // ports (--ports=free) nothing points at the default 5173. Without the apps (--stack-only)
  // there is no site here: config.toml's site_url stands, and is said below when it may be wrong.
  const siteUrl = resetOnly || stackOnly ? undefined : `http://127.0.0.1:${APPS[0]!.port}`;
  stack = await startStack({
    dataDir,
    // The reset needs no fixed ports: it can run beside anything.
    ports: resetOnly || freePorts ? 'free' : 'default',
    reset: resetOnly || args.has('--reset'),
    siteUrl,
    // `npm run preview` serves this folder: its pages follow saved content once it is built.
    publicSiteDir: resetOnly ? undefined : path.join(root, 'public-site', 'dist'),
    log: onLog,
  });

  if (resetOnly) {
    await stack.stop();
    console.log(`\n  Database reset: bootstrap, migrations and seed applied in ${secs().trim()}.\n`);
    logStream.end();
    process.exit(0);
  }

  if (!stackOnly) {
    const env = {
      ...process.env,
      VITE_SUPABASE_URL: stack.apiUrl,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      // Canonical and share links of the site, the console's link back to it.
      VITE_PUBLIC_SITE_URL: siteUrl,
      // The public site forwards /admin to the console's dev server.
      ADMIN_PROXY_TARGET: `http://127.0.0.1:${APPS[1]!.port}`,
      FORCE_COLOR: '0',
    };
    for (const app of APPS) {
      // Vite takes the last --port: the default one comes from the workspace's dev script.
      const extra = freePorts ? ['--', '--port', String(app.port)] : [];
      const child = spawnGroup('npm', ['run', 'dev', '-w', app.workspace, ...extra], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      apps.push(child);
      prefixOutput(child, `[${app.name}]`, (l) => {
        logStream.write(l + '\n');
        if (verbose || /error|failed/i.test(l)) console.log('  ' + l);
      });
      child.once('exit', (code) => {
        if (!shuttingDown) {
          console.error(`\n  The ${app.name} dev server exited (${code}); see ${path.relative(root, logFile)}.`);
          void shutdown(1);
        }
      });
    }
    await Promise.all(
      APPS.map(async (app) => {
        const url = `http://127.0.0.1:${app.port}${app.path}`;
        const deadline = Date.now() + 60000;
        for (;;) {
          try {
            const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
            await res.arrayBuffer();
            if (res.ok) break;
          } catch {
            /* not yet */
          }
          if (Date.now() > deadline) throw new Error(`${app.name} did not answer on ${url} within 60 s`);
          await new Promise((r) => setTimeout(r, 200));
        }
        progress(app.name, `ready at ${url}`);
      }),
    );
  }

  const rows: string[][] = [['what', 'where']];
  if (!stackOnly) {
    const [site, admin] = APPS.map((a) => `http://127.0.0.1:${a.port}`);
    rows.push(['public site', site!]);
    rows.push(['admin console', `${admin}/admin/  (also ${site}/admin/)`]);
  }
  rows.push(
    ['Supabase API', `${stack.apiUrl}  (REST, auth, storage, functions)`],
    ['mail inbox', `${stack.mailUrl}  (SMTP 127.0.0.1:${stack.ports.smtp})`],
    ['database', stack.dbUrl],
    ['anon key', stack.anonKey],
    ['service_role key', stack.serviceRoleKey],
  );
  if (stackOnly && freePorts)
    console.log(
      "  ! No site runs here: links in mails name supabase/config.toml's site_url, not a site of this stack.\n",
    );
  heldLock.update({ api: stack.apiUrl, mail: stack.mailUrl, db: stack.dbUrl, postgrest: stack.services.postgrest });
  const accounts: string[][] = [['demo account', 'email', 'password']];
  for (const a of stack.demoAccounts) accounts.push([a.role, a.email, a.password]);
  console.log(`\n${formatTable(rows)}\n\n${formatTable(accounts)}\n`);
  console.log(`  Ready in ${secs().trim()}. Logs: ${path.relative(root, logFile)}. Ctrl-C stops everything.\n`);
}

main().catch(async (e: unknown) => {
  console.error(`\n  Could not start: ${e instanceof Error ? e.message : String(e)}`);
  console.error(`  Details in ${path.relative(root, logFile)}.`);
  await shutdown(1);
});
