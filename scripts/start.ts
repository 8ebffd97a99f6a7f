// `npm start`        the local Supabase stack + both apps' Vite dev servers
// `npm run stack`    the stack only (--stack-only)
// `npm run db:reset` wipe the dev database, bootstrap, migrations + seed, then exit (--reset-only)
// Options: --reset (start from a fresh database), --verbose (every service's output),
// --data-dir=<dir> and --ports=free (a second, throwaway stack and apps beside the dev ones).
// Data lives in .data/dev; a fresh folder is reset automatically. Ctrl-C stops everything.
//
// Two processes: this one holds the lock, the log and the apps, and runs the stack (gateway,
// auth, storage and their children) in a process of its own, this same file with
// UNION_STACK_PROCESS set. When that process dies (a crash, the OOM killer, kill -9), this one
// says so and starts it again on the same ports; three deaths within a minute, and it gives up.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  LogFile,
  portTaken,
  rotateLogs,
  startStack,
  stopChild,
  PortInUseError,
  type ServiceName,
  type Stack,
  type StackPorts,
} from '@union/local-stack';
import { acquireLock, alive } from './lib/lock.js';
import { prefixOutput, spawnGroup, stopGroup } from './lib/proc.js';
import { formatTable } from './lib/table.js';

const root = path.resolve(import.meta.dirname, '..');
const dataRoot = path.join(root, '.data');
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const args = new Set(argv);
const dataDir = path.resolve(root, option('data-dir') ?? path.join(dataRoot, 'dev'));
const lockFile = `${dataDir}.lock`;
const logFile = `${dataDir}-stack.log`;
const logName = path.relative(root, logFile);
const freePorts = option('ports') === 'free';
const stackOnly = args.has('--stack-only');
const resetOnly = args.has('--reset-only');
const verbose = args.has('--verbose');
const APPS = [
  { name: 'public site', workspace: '@union/public-site', port: 5173, path: '/' },
  { name: 'admin console', workspace: '@union/admin-console', port: 5174, path: '/admin/' },
];

/** What this file, run as the stack's process, is told by the one that supervises it. */
interface StackProcessConfig {
  /** 'default' or 'free' the first time; the ports it then got on every restart. */
  ports: 'default' | 'free' | StackPorts;
  reset: boolean;
  siteUrl?: string;
}
const STACK_PROCESS = 'UNION_STACK_PROCESS';

/** The stack's process tells its supervisor it serves, and where. */
interface ReadyMessage {
  type: 'ready';
  apiUrl: string;
  mailUrl: string;
  dbUrl: string;
  postgrestUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  ports: StackPorts;
  demoAccounts: { role: string; email: string; password: string }[];
}

/** Deaths of the stack's process within this window that make the supervisor give up. */
const CRASH_LOOP = { deaths: 3, windowMs: Number(process.env.UNION_STACK_CRASH_WINDOW_MS) || 60_000 };

const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1).padStart(5) + ' s';
const progress = (what: string, detail: string) => console.log(`  ✓ ${what.padEnd(13)} ${detail.padEnd(44)} ${secs()}`);

fs.mkdirSync(path.dirname(dataDir), { recursive: true });
const childConfig = process.env[STACK_PROCESS];
// Not handed down: nothing the stack starts is the stack's process.
delete process.env[STACK_PROCESS];
if (childConfig) runStack(JSON.parse(childConfig) as StackProcessConfig, false);
else {
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
  // A new run's log; the earlier ones (a crash's trace among them) move aside, never truncated.
  // Should they not move (a read-only folder), the run appends to the last one rather than fail.
  try {
    rotateLogs(logFile);
  } catch (e) {
    console.error(`  ! The earlier stack logs could not be moved aside (${(e as Error).message}): appending.`);
  }
  if (resetOnly) runStack({ ports: 'free', reset: true }, true);
  else supervise(lock.update);
}

/**
 * The stack's own process: the stack, its log lines into the log file. `standalone` (db:reset)
 * runs it in the process that holds the lock, with nobody to tell; otherwise the supervisor is
 * told when it serves, and its going away ends this process too.
 */
function runStack(config: StackProcessConfig, standalone: boolean) {
  const log = new LogFile(logFile);

  function onLog(service: ServiceName, line: string) {
    log.write(`[${service}] ${line}`);
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
  let shuttingDown: Promise<void> | undefined;
  const shutdown = (code: number): Promise<void> =>
    (shuttingDown ??= (async () => {
      await stack?.stop();
      log.close();
      process.exit(code);
    })());
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
  // The supervisor is gone (even by kill -9): nobody would stop this stack, so it stops now.
  process.on('disconnect', () => void shutdown(0));
  // A crash of this process (an exception or a rejection nobody handled) leaves it in a state
  // nobody knows: it is said, with its trace in the log, and everything it started is stopped
  // with it; the supervisor then starts a fresh one.
  process.on('uncaughtException', (e) => {
    onLog('stack', `crashed: ${e.stack ?? String(e)}`);
    console.error(`\n  ✗ The stack crashed: ${e.message}. Details in ${logName}.`);
    void shutdown(70);
  });

  void (async () => {
    try {
      if (standalone) console.log(`\n  Resetting the local database (${path.relative(root, dataDir)})…\n`);
      stack = await startStack({
        dataDir,
        ports: config.ports,
        reset: config.reset,
        siteUrl: config.siteUrl,
        // `npm run preview` serves this folder: its pages follow saved content once it is built.
        publicSiteDir: resetOnly ? undefined : path.join(root, 'public-site', 'dist'),
        log: onLog,
      });
    } catch (e) {
      console.error(`\n  Could not start: ${e instanceof Error ? e.message : String(e)}`);
      console.error(`  Details in ${logName}.`);
      log.write(`[stack] could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return shutdown(1);
    }
    if (standalone) {
      await stack.stop();
      console.log(`\n  Database reset: bootstrap, migrations and seed applied in ${secs().trim()}.\n`);
      log.close();
      process.exit(0);
    }
    const ready: ReadyMessage = {
      type: 'ready',
      apiUrl: stack.apiUrl,
      mailUrl: stack.mailUrl,
      dbUrl: stack.dbUrl,
      postgrestUrl: stack.services.postgrest,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      ports: stack.ports,
      demoAccounts: stack.demoAccounts.map(({ role, email, password }) => ({ role, email, password })),
    };
    process.send?.(ready);
  })();
}

/**
 * The supervisor: starts the stack's process and keeps it running, then the apps (once), and
 * stops everything on Ctrl-C, SIGTERM or SIGHUP.
 */
function supervise(updateLock: (urls: Record<string, string>, stackPid?: number) => void) {
  const log = new LogFile(logFile);
  const say = (line: string) => {
    log.write(`[start] ${line}`);
    console.log(`  ! ${line}`);
  };
  const apps: ChildProcess[] = [];
  let stackProcess: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;

  const shutdown = (code: number): Promise<void> =>
    (stopping ??= (async () => {
      console.log('\n  Stopping…');
      await Promise.allSettled(apps.map((a) => stopGroup(a)));
      await stopStackProcess();
      log.write(`[start] stopped (exit code ${code})`);
      log.close();
      console.log('  Stopped.');
      process.exit(code);
    })());
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
  process.on('uncaughtException', (e) => {
    log.write(`[start] crashed: ${e.stack ?? String(e)}`);
    console.error(`\n  ✗ npm start crashed: ${e.message}. Details in ${logName}.`);
    void shutdown(70);
  });

  /** SIGTERM, SIGKILL after 30 s. */
  const stopStackProcess = () => (stackProcess ? stopChild(stackProcess, 'SIGTERM', 30_000) : Promise.resolve());

  let config: StackProcessConfig = { ports: freePorts ? 'free' : 'default', reset: args.has('--reset') };
  let ready: ReadyMessage | undefined;
  let deaths: number[] = [];
  let startedAt = 0;

  /** Starts the stack's process; resolves with where it serves, or undefined if it died first. */
  function startStackProcess(): Promise<ReadyMessage | undefined> {
    startedAt = Date.now();
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...argv], {
      cwd: root,
      env: { ...process.env, [STACK_PROCESS]: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // A group of its own: a Ctrl-C on the terminal reaches this process only, which stops the
      // stack in order (its children, hit by the same SIGINT, would die under their supervisors).
      detached: true,
    });
    stackProcess = child;
    // Only the first start may wipe the database; every later one runs on the same ports.
    config = { ...config, reset: false };
    return new Promise((resolve) => {
      child.on('message', (m: ReadyMessage) => {
        if (m?.type !== 'ready') return;
        config = { ...config, ports: m.ports };
        updateLock({ api: m.apiUrl, mail: m.mailUrl, db: m.dbUrl, postgrest: m.postgrestUrl }, child.pid);
        log.write(`[start] the stack's process (pid ${child.pid}) serves at ${m.apiUrl}`);
        resolve(m);
      });
      child.once('exit', (code, signal) => {
        resolve(undefined);
        if (!stopping && ready) void restart(signal ? `signal ${signal}` : `code ${code}`);
        // Its first start failed: it said why (a port taken, a broken migration).
        else if (!stopping) void shutdown(code || 1);
      });
    });
  }

  async function restart(why: string) {
    const ranMs = Date.now() - startedAt;
    deaths = [...deaths.filter((t) => Date.now() - t < CRASH_LOOP.windowMs), Date.now()];
    if (deaths.length >= CRASH_LOOP.deaths) {
      const within = CRASH_LOOP.windowMs >= 120_000 ? `${CRASH_LOOP.windowMs / 60_000} minutes` : 'a minute';
      const line = `The stack's process died ${deaths.length} times within ${within} (last: ${why}): not starting it again.`;
      log.write(`[start] ${line}`);
      console.error(`\n  ✗ ${line} Details in ${logName}.`);
      return shutdown(70);
    }
    say(`The stack's process died (${why}) after ${(ranMs / 1000).toFixed(1)} s: starting it again.`);
    await leftoversGone(ready!.ports);
    if (stopping) return;
    const t = Date.now();
    const again = await startStackProcess();
    if (again && !stopping) {
      ready = again;
      say(`The stack serves again at ${again.apiUrl} (started again in ${((Date.now() - t) / 1000).toFixed(1)} s).`);
    }
  }

  /**
   * What the dead process started stops on its own (the watchdog of children.ts): its Postgres
   * must be gone and its ports free before a new one takes the same data folder and ports.
   * Whatever is still there after 20 s is killed.
   */
  async function leftoversGone(ports: StackPorts) {
    const postmaster = postmasterPid();
    const deadline = Date.now() + 20_000;
    const busy = async () =>
      (postmaster !== undefined && alive(postmaster)) ||
      (await Promise.all(Object.values(ports).map((p) => portTaken(p)))).some(Boolean);
    while ((await busy()) && Date.now() < deadline && !stopping) await new Promise((r) => setTimeout(r, 100));
    if (postmaster !== undefined && alive(postmaster)) {
      log.write(`[start] postgres (pid ${postmaster}) of the dead process still runs after 20 s: killing it`);
      process.kill(postmaster, 'SIGKILL');
    }
  }

  void (async () => {
    try {
      console.log(`\n  Starting the local stack (${path.relative(root, dataDir)})…\n`);
      if (!stackOnly) {
        for (const app of APPS) {
          if (freePorts) app.port = await freePort();
          else if (await portTaken(app.port)) throw new PortInUseError(app.port, app.name);
        }
      }
      // The public site's real address, known before anything starts: the mails' links
      // (send-mail's PUBLIC_SITE_URL), the reset mail's site link and the apps' own links all
      // name it, so on other ports (--ports=free) nothing points at the default 5173. Without the
      // apps (--stack-only) there is no site here: config.toml's site_url stands, and is said
      // below when it may be wrong.
      config.siteUrl = stackOnly ? undefined : `http://127.0.0.1:${APPS[0]!.port}`;
      ready = await startStackProcess();
      if (!ready) return;
      if (!stackOnly) await startApps(ready);
      printReady(ready);
    } catch (e) {
      console.error(`\n  Could not start: ${e instanceof Error ? e.message : String(e)}`);
      console.error(`  Details in ${logName}.`);
      await shutdown(1);
    }
  })();

  async function startApps(stack: ReadyMessage) {
    const env = {
      ...process.env,
      VITE_SUPABASE_URL: stack.apiUrl,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      // Canonical and share links of the site, the console's link back to it.
      VITE_PUBLIC_SITE_URL: config.siteUrl,
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
        log.write(l);
        if (verbose || /error|failed/i.test(l)) console.log('  ' + l);
      });
      child.once('exit', (code) => {
        if (!stopping) {
          console.error(`\n  The ${app.name} dev server exited (${code}); see ${logName}.`);
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

  function printReady(stack: ReadyMessage) {
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
    const accounts: string[][] = [['demo account', 'email', 'password']];
    for (const a of stack.demoAccounts) accounts.push([a.role, a.email, a.password]);
    console.log(`\n${formatTable(rows)}\n\n${formatTable(accounts)}\n`);
    console.log(`  Ready in ${secs().trim()}. Logs: ${logName}. Ctrl-C stops everything.\n`);
  }
}

/** The pid of the data folder's postmaster, if its pid file names one. */
function postmasterPid(): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
