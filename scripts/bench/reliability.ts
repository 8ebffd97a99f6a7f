// Bench section "reliability": what happens to visitors' submissions under load and when the
// database dies. On a fresh stack (`npm run stack` in a process of its own, as people run it, so
// that the load generator does not share the gateway's thread; free ports, its own data folder):
//  1. 10,000 submissions at 50 concurrency through the gateway, as the public site sends them
//     (POST /rest/v1/rpc/submit with the anon key), from 200 distinct client addresses (127.x.y.z:
//     the whole of 127/8 is this machine), each with its own name, email or student number.
//     Acknowledged = answered 201; then the rows are counted: lost (acknowledged, no row),
//     duplicated (two rows of one submission), 5xx answers, throughput and latency.
//  2. kill -9 of the postmaster while 50 clients keep submitting: acknowledged writes lost (must be
//     0: commits are durable) and the time until writes and reads are answered again (the
//     supervisor restarts Postgres by itself). Every answer during the outage is checked: a 503
//     with a JSON body, never an empty 4xx a client would take for bad input.
//  3. The crash drill (supabase/local-stack/src/crash-drill.ts): ten more kills of the postmaster
//     under a mixed load (staff sign-ins, reads, image uploads, submissions): how many the stack's
//     own process survived, and the time until every kind of request was served again.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { ANON_KEY, demoAccounts } from '@union/local-stack';
import { crashDrill } from '@union/local-stack/crash-drill';
import type { BenchContext, BenchRow, BenchSection } from '../lib/bench.js';
import { spawnStack } from '../lib/stack-process.js';

/** What the bench needs of the stack running in its own process. */
interface Stack {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  dataDir: string;
  logFile: string;
  /** The postmaster's pid now (it changes when Postgres is restarted). */
  postgresPid(): number;
  /** Restarts logged so far, per child. */
  restarts(): Record<string, number>;
  /** CPU seconds the stack's processes have used so far. */
  cpuSeconds(): number;
}

/** `npm run stack` (scripts/start.ts) on free ports and a fresh data folder, until it is ready. */
async function startStackProcess(ctx: BenchContext, dataDir: string): Promise<{ stack: Stack; child: ChildProcess }> {
  const { child, urls } = await spawnStack(ctx.root, dataDir, { reset: true, timeoutMs: 120_000 });
  const logFile = `${dataDir}-stack.log`;
  return {
    child,
    stack: {
      apiUrl: urls.api!,
      dbUrl: urls.db!,
      anonKey: ANON_KEY,
      dataDir,
      logFile,
      postgresPid: () => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]),
      cpuSeconds: () => treeCpuSeconds(child.pid!),
      restarts: () => {
        const counts: Record<string, number> = {};
        for (const m of fs.readFileSync(logFile, 'utf8').matchAll(/\] (\w+) restarted in /g))
          counts[m[1]!] = (counts[m[1]!] ?? 0) + 1;
        return counts;
      },
    },
  };
}

/**
 * CPU seconds used so far by `root` and every process below it (user + system, with the children
 * they have already reaped): the stack's own process, Postgres and its backends, PostgREST, Deno,
 * mail. On a shared machine the throughput depends on what else runs; the CPU it costs does not.
 */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the name: state ppid … utime(12) stime(13) cutime(14) cstime(15)
      stats.set(Number(entry), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      /* gone */
    }
  }
  let ticks = 0;
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = stats.get(p)?.ppid ?? 0, hops++) if (p === root) return true;
    return false;
  };
  for (const [pid, st] of stats) if (inTree(pid)) ticks += st.ticks;
  return ticks / 100; // USER_HZ
}

/** Ctrl-C for the stack, and wait until it has stopped. */
function stopStackProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

const TOTAL = 10_000;
const CONCURRENCY = 50;
const ADDRESSES = 200;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** 127.<1..>.x.y: distinct loopback addresses, one keep-alive agent each. */
function clientAddresses(n: number): { address: string; agent: http.Agent }[] {
  return Array.from({ length: n }, (_, i) => {
    const address = `127.${1 + Math.floor(i / 250)}.${Math.floor((i % 250) / 10) + 1}.${(i % 10) + 1}`;
    return { address, agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, localAddress: address }) };
  });
}

function post(url: URL, agent: http.Agent, headers: Record<string, string>, body: string): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - t0 }));
        res.on('error', () => resolve({ status: 0, body: text, ms: performance.now() - t0 }));
      },
    );
    // Status 0: no answer at all (connection refused or reset).
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - t0 }));
    req.end(body);
  });
}

function get(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

/** One submission of the run, as the public site's forms write it; `i` makes it unique. */
function submission(run: string, i: number): Record<string, unknown> {
  const name = `bench ${run} ${i}`;
  switch (i % 3) {
    case 0:
      return { type: 'contact', name, email: `b${run}-${i}@example.com`, message: `Question ${i}`, honeypot: null };
    case 1:
      return {
        type: 'suggestion',
        name,
        student_number: `B${run}-${i}`,
        email: null,
        message: `Idea ${i}`,
        honeypot: null,
      };
    default:
      return {
        type: 'complaint',
        name,
        student_number: `B${run}-${i}`,
        email: `c${run}-${i}@example.com`,
        message: `Issue ${i}`,
        honeypot: null,
      };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function rowsOf(db: pg.Client, run: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; n: number }>(
    `select name, count(*)::int as n from public.submissions where name like $1 group by name`,
    [`bench ${run} %`],
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** Runs `count` submissions (or until `until()`), `CONCURRENCY` at a time; answers by index. */
async function submitMany(
  stack: Stack,
  run: string,
  clients: ReturnType<typeof clientAddresses>,
  opts: { count: number; until?: () => boolean; onAnswer?: (i: number, a: Answer) => void },
): Promise<Map<number, Answer>> {
  const url = new URL(`${stack.apiUrl}/rest/v1/rpc/submit`);
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  const answers = new Map<number, Answer>();
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= opts.count || opts.until?.()) return;
      const client = clients[i % clients.length]!;
      const a = await post(url, client.agent, headers, JSON.stringify(submission(run, i)));
      answers.set(i, a);
      opts.onAnswer?.(i, a);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

async function sustained(ctx: BenchContext, stack: Stack, db: pg.Client): Promise<BenchRow[]> {
  const run = `s${Date.now().toString(36)}`;
  const clients = clientAddresses(ADDRESSES);
  // Warm-up (connections, plans), not counted.
  await submitMany(stack, `${run}w`, clients, { count: 500 });
  await db.query('delete from private.submission_attempts');
  ctx.log(`${TOTAL} submissions, ${CONCURRENCY} at a time, from ${ADDRESSES} client addresses…`);
  const t0 = performance.now();
  const cpu0 = stack.cpuSeconds();
  const answers = await submitMany(stack, run, clients, { count: TOTAL });
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = ((stack.cpuSeconds() - cpu0) * 1000) / TOTAL;
  for (const c of clients) c.agent.destroy();

  const acknowledged = [...answers].filter(([, a]) => a.status === 201).map(([i]) => `bench ${run} ${i}`);
  const rows = await rowsOf(db, run);
  const lost = acknowledged.filter((name) => !rows.has(name)).length;
  const duplicated = [...rows.values()].reduce((n, c) => n + (c - 1), 0);
  const statuses = new Map<number, number>();
  for (const a of answers.values()) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const fiveXx = [...answers.values()].filter((a) => a.status >= 500 || a.status === 0).length;
  const ms = [...answers.values()].map((a) => a.ms).sort((a, b) => a - b);
  ctx.log(
    `  answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; rows: ${rows.size}; ${seconds.toFixed(1)} s`,
  );
  return [
    {
      metric: `submissions acknowledged (201) of ${TOTAL}`,
      value: acknowledged.length,
      unit: '',
      budget: { min: TOTAL },
    },
    { metric: 'acknowledged submissions lost (no row)', value: lost, unit: '', budget: { max: 0 } },
    { metric: 'submissions stored twice', value: duplicated, unit: '', budget: { max: 0 } },
    { metric: '5xx answers or no answer', value: fiveXx, unit: '', budget: { max: 0 } },
    {
      metric: `throughput, ${CONCURRENCY} concurrent submitters`,
      value: Math.round(acknowledged.length / seconds),
      unit: 'subm/s',
      budget: { min: 500 },
    },
    { metric: 'stack CPU per submission (all its processes)', value: Math.round(cpuMs * 100) / 100, unit: 'ms' },
    {
      metric: 'submissions per second two idle cores could serve (2000 / CPU ms)',
      value: Math.round(2000 / cpuMs),
      unit: 'subm/s',
    },
    { metric: 'latency p50', value: Math.round(percentile(ms, 50) * 10) / 10, unit: 'ms' },
    { metric: 'latency p99', value: Math.round(percentile(ms, 99) * 10) / 10, unit: 'ms' },
  ];
}

async function crash(ctx: BenchContext, stack: Stack, db: () => Promise<pg.Client>): Promise<BenchRow[]> {
  const run = `k${Date.now().toString(36)}`;
  const clients = clientAddresses(ADDRESSES);
  const reset = await db();
  await reset.query('delete from private.submission_attempts');
  await reset.end();
  const readUrl = new URL(`${stack.apiUrl}/rest/v1/events?select=id&limit=1`);
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  let killedAt = 0;
  // The outage is seen once a submission fails after the kill; recovery is the first one sent
  // after that which is acknowledged (backends still running when the postmaster dies can finish
  // what they were doing, so answers right after the kill say nothing).
  let failedAt = 0;
  let writesBackAt = 0;
  let stop = false;
  const badAnswers: string[] = [];
  const load = submitMany(stack, run, clients, {
    count: 1_000_000,
    until: () => stop,
    onAnswer: (_i, a) => {
      const now = performance.now();
      const sentAt = now - a.ms;
      if (killedAt && a.status !== 201 && !failedAt) failedAt = now;
      if (failedAt && !writesBackAt && a.status === 201 && sentAt > failedAt) writesBackAt = now;
      // Every submission here is valid: 201, or while the database is away a 503 with a JSON body.
      let json = true;
      try {
        JSON.parse(a.body);
      } catch {
        json = false;
      }
      if (a.status !== 201 && !(a.status === 503 && json))
        badAnswers.push(`${a.status || 'no answer'} ${JSON.stringify(a.body.slice(0, 120))}`);
    },
  });
  await new Promise((r) => setTimeout(r, 3000));
  const pid = stack.postgresPid();
  ctx.log(`kill -9 of the postmaster (pid ${pid}) under load…`);
  killedAt = performance.now();
  process.kill(pid, 'SIGKILL');
  // Reads: the first 200 after a read failed, polled every 20 ms.
  let readFailed = false;
  let readsBackAt = 0;
  while (!readsBackAt && performance.now() - killedAt < 30_000) {
    const status = await get(readUrl, headers);
    if (status !== 200) readFailed = true;
    else if (readFailed) readsBackAt = performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 3000));
  stop = true;
  const answers = await load;
  for (const c of clients) c.agent.destroy();

  const client = await db();
  const acknowledged = [...answers].filter(([, a]) => a.status === 201).map(([i]) => `bench ${run} ${i}`);
  const rows = await rowsOf(client, run);
  await client.end();
  const lost = acknowledged.filter((name) => !rows.has(name)).length;
  const statuses = new Map<number, number>();
  for (const a of answers.values()) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  ctx.log(
    `  answers: ${[...statuses].map(([st, k]) => `${st === 0 ? 'no answer' : st}×${k}`).join(', ')}; restarts: ${JSON.stringify(stack.restarts())}`,
  );
  if (badAnswers.length)
    ctx.log(`  answers neither 201 nor a JSON 503: ${[...new Set(badAnswers)].slice(0, 5).join('; ')}`);
  const seconds = (t: number) => (t ? Math.round(((t - killedAt) / 1000) * 100) / 100 : -1);
  return [
    { metric: 'kill -9 of Postgres under load: acknowledged writes', value: acknowledged.length, unit: '' },
    { metric: 'kill -9 of Postgres: acknowledged writes lost', value: lost, unit: '', budget: { max: 0 } },
    {
      metric: 'kill -9 of Postgres: reads answered again after',
      value: seconds(readsBackAt),
      unit: 's',
      budget: { max: 5 },
    },
    {
      metric: 'kill -9 of Postgres: writes acknowledged again after',
      value: seconds(writesBackAt),
      unit: 's',
      budget: { max: 5 },
    },
    {
      metric: 'kill -9 of Postgres: answers neither 201 nor a JSON 503',
      value: badAnswers.length,
      unit: '',
      budget: { max: 0 },
    },
  ];
}

async function drill(ctx: BenchContext, stack: Stack, child: ChildProcess): Promise<BenchRow[]> {
  const editor = demoAccounts.find((a) => a.role === 'editor')!;
  ctx.log('crash drill: ten kill -9 of the postmaster under sign-ins, reads, uploads and submissions…');
  const { kills } = await crashDrill(
    {
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      postgresPid: stack.postgresPid,
      alive: () => child.exitCode === null && child.signalCode === null,
      account: { email: editor.email, password: editor.password },
    },
    { kills: 10, log: (l) => ctx.log(`  ${l}`) },
  );
  const times = kills.map((k) => k.recoveredMs).filter((t): t is number => t !== null);
  // The drill stops at the first kill the stack does not survive or recover from: kills never
  // reached count as failed, so both rows below fall short of 10.
  const alive = kills.filter((k) => k.alive).length;
  const survived = kills.filter((k) => k.alive && k.recoveredMs !== null).length;
  const sorted = [...times].sort((a, b) => a - b);
  return [
    {
      metric: "crash drill: kills after which the stack's own process was alive (of 10)",
      value: alive,
      unit: '',
      budget: { min: 10 },
    },
    {
      metric: 'crash drill: kills the stack survived and recovered from (of 10)',
      value: survived,
      unit: '',
      budget: { min: 10 },
    },
    {
      metric: 'crash drill: every kind served again after (median)',
      value: sorted.length ? Math.round(percentile(sorted, 50)) / 1000 : -1,
      unit: 's',
      // Postgres's crash recovery and PostgREST's reconnection take about 2 s (src/README.md).
      budget: { max: 3 },
    },
    {
      metric: 'crash drill: every kind served again after (worst)',
      value: sorted.length ? sorted[sorted.length - 1]! / 1000 : -1,
      unit: 's',
      budget: { max: 5 },
    },
  ];
}

export const section: BenchSection = {
  name: 'reliability',
  async run(ctx): Promise<BenchRow[]> {
    const { stack, child } = await startStackProcess(ctx, path.join(ctx.workDir, 'reliability'));
    ctx.log(`stack log: ${path.relative(ctx.root, stack.logFile)}`);
    const connect = async () => {
      const c = new pg.Client({ connectionString: stack.dbUrl });
      await c.connect();
      return c;
    };
    try {
      const db = await connect();
      let rows: BenchRow[];
      try {
        rows = await sustained(ctx, stack, db);
      } finally {
        await db.end();
      }
      rows = [...rows, ...(await crash(ctx, stack, connect))];
      return [...rows, ...(await drill(ctx, stack, child))];
    } finally {
      await stopStackProcess(child);
    }
  },
};
