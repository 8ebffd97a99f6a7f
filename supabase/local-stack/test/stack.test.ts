// startStack()/stop() themselves: data survives a restart, stop() leaves no process behind, and a
// taken port or a data folder already in use is refused with a clear message. These tests start
// their own stacks (besides the shared one of the global setup).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PortInUseError, runningChildPids, startStack, type Stack } from '../src/index.js';

const dirs: string[] = [];
const stacks: Stack[] = [];
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'union-stack-test-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const s of stacks) await s.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of every process on the machine whose command line mentions `text`. */
function processesMentioning(text: string): number[] {
  const out: number[] = [];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const env = fs.readFileSync(`/proc/${p}/environ`, 'utf8');
      if (cmd.includes(text) || env.includes(text)) out.push(Number(p));
    } catch {
      /* gone or not ours */
    }
  }
  return out;
}

/** Direct children of `pid` (from /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(p));
    } catch {
      /* gone */
    }
  }
  return out;
}

async function query(dbUrl: string, text: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe('startStack', () => {
  it('keeps the data across a restart and stop() leaves no process behind', async () => {
    const dir = tempDir();
    const before = new Set(runningChildPids());
    const first = await startStack({ dataDir: dir, ports: 'free', reset: true });
    stacks.push(first);
    expect(first.fresh).toBe(true);
    const pids = runningChildPids().filter((p) => !before.has(p));
    // postgres, PostgREST, Deno
    expect(pids.length).toBeGreaterThanOrEqual(3);
    const res = await fetch(`${first.apiUrl}/rest/v1/`, { headers: { apikey: first.anonKey } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await query(
      first.dbUrl,
      `create table public.restart_probe (v text); insert into public.restart_probe values ('kept')`,
    );
    // The migrations the CLI pushed are recorded as on a hosted project.
    const migrations = fs
      .readdirSync(path.resolve(import.meta.dirname, '../../migrations'))
      .filter((f) => f.endsWith('.sql'));
    const recorded = await query(
      first.dbUrl,
      `select count(*)::int as n from supabase_migrations.schema_migrations`,
    ).catch(() => [{ n: 0 }]);
    expect(recorded[0].n).toBe(migrations.length);

    await first.stop();
    stacks.pop();
    for (const pid of pids) expect(alive(pid), `child ${pid} still running`).toBe(false);
    expect(processesMentioning(dir)).toEqual([]);
    await expect(fetch(first.apiUrl)).rejects.toThrow();

    const second = await startStack({ dataDir: dir, ports: 'free' });
    stacks.push(second);
    expect(second.fresh).toBe(false);
    expect(await query(second.dbUrl, `select v from public.restart_probe`)).toEqual([{ v: 'kept' }]);
    await second.stop();
    stacks.pop();
    expect(processesMentioning(dir)).toEqual([]);
  });

  it('refuses a taken port and names it, starting nothing', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const dir = tempDir();
    const before = runningChildPids().length;
    try {
      for (const which of ['api', 'db'] as const) {
        const err = await startStack({ dataDir: dir, ports: { [which]: port } }).then(
          (s) => {
            stacks.push(s);
            return null;
          },
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(PortInUseError);
        expect((err as Error).message).toContain(String(port));
        expect((err as Error).message).toContain(which === 'api' ? 'API gateway' : 'database');
      }
    } finally {
      blocker.close();
    }
    expect(runningChildPids().length).toBe(before);
  });

  it('refuses a data folder that another running stack uses', async () => {
    const dir = tempDir();
    const a = await startStack({ dataDir: dir, ports: 'free', reset: true });
    stacks.push(a);
    const err = await startStack({ dataDir: dir, ports: 'free' }).then(
      (s) => {
        stacks.push(s);
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/already in use by another running stack/);
    const resetErr = await startStack({ dataDir: dir, ports: 'free', reset: true }).then(
      (s) => {
        stacks.push(s);
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(resetErr?.message).toMatch(/Cannot reset .* in use by another running stack/);
    // The first stack is unharmed.
    const res = await fetch(`${a.apiUrl}/rest/v1/`, { headers: { apikey: a.anonKey } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('leaves nothing behind even when its process is killed with SIGKILL', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'owner.mts');
    const entry = path.resolve(import.meta.dirname, '../src/index.ts');
    fs.writeFileSync(
      script,
      `import { startStack } from ${JSON.stringify(entry)};\n` +
        `const s = await startStack({ dataDir: ${JSON.stringify(path.join(dir, 'data'))}, ports: 'free' });\n` +
        `console.log('READY ' + s.apiUrl);\nsetInterval(() => {}, 1000);\n`,
    );
    const owner = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    owner.stdout!.on('data', (d) => (out += d));
    owner.stderr!.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      owner.stdout!.on('data', () => out.includes('READY') && resolve());
      owner.once('exit', (code) => reject(new Error(`owner exited (${code}): ${out}`)));
    });
    // postgres, PostgREST, Deno and the watchdog are the owner's children.
    const children = childrenOf(owner.pid!);
    expect(children.length).toBeGreaterThanOrEqual(4);
    owner.kill('SIGKILL');
    const deadline = Date.now() + 15000;
    while (children.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(children.filter(alive)).toEqual([]);
    expect(processesMentioning(path.join(dir, 'data'))).toEqual([]);
  }, 60000);

  it('npm run stack: a second start is refused while one runs, and Ctrl-C stops everything', async () => {
    const dir = tempDir();
    const dataDir = path.join(dir, 'dev');
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/start.ts', '--stack-only', '--ports=free', `--data-dir=${dataDir}`],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    const first = run();
    let out1 = '';
    first.stdout!.on('data', (d) => (out1 += d));
    first.stderr!.on('data', (d) => (out1 += d));
    await new Promise<void>((resolve, reject) => {
      first.stdout!.on('data', () => out1.includes('Ctrl-C stops everything') && resolve());
      first.once('exit', (code) => reject(new Error(`first start exited (${code}): ${out1}`)));
    });
    expect(out1).toMatch(/✓ gateway\s+ready at http:\/\/127\.0\.0\.1:\d+/);
    expect(out1).toContain('superadmin@union.test');
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const second = run();
    let out2 = '';
    second.stdout!.on('data', (d) => (out2 += d));
    second.stderr!.on('data', (d) => (out2 += d));
    const code2 = await new Promise<number | null>((r) => second.once('exit', r));
    expect(code2).toBe(1);
    expect(out2).toContain(`already running (pid ${first.pid}`);
    expect(out2).toContain('Nothing was started or changed');
    expect(first.exitCode).toBeNull();

    const children = childrenOf(first.pid!);
    first.kill('SIGINT');
    const code1 = await new Promise<number | null>((r) => first.once('exit', r));
    expect(code1).toBe(0);
    expect(out1).toContain('Stopped.');
    // (the watchdog shell ends a moment after its stdin closes)
    for (let i = 0; i < 50 && children.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    expect(children.filter(alive)).toEqual([]);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    expect(processesMentioning(dataDir)).toEqual([]);
  }, 90000);
});
