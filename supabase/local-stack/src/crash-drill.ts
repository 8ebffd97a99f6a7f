// The crash drill: kill -9 of the Postgres postmaster, again and again, while a mixed load runs
// (staff signing in, visitors reading, an editor uploading images, visitors submitting forms),
// and after each kill: is the stack's own process still alive, and how long until each kind of
// request is served again? The stack test (test/crash-drill.test.ts) asserts on it and the
// reliability bench (scripts/bench/reliability.ts) reports it. It only talks HTTP to the gateway,
// so it works on a stack in this process or in another one.
import http from 'node:http';

export interface DrillTarget {
  apiUrl: string;
  anonKey: string;
  /** The postmaster's pid now (it changes when the supervisor restarts Postgres). */
  postgresPid(): number;
  /** Whether the stack's own process still runs (in-process: always; the bench: the child). */
  alive(): boolean;
  /** A staff account that may upload images (the seed's editor). */
  account: { email: string; password: string };
}

export type LoadKind = 'sign-in' | 'read' | 'upload' | 'submission';
export const LOAD_KINDS: LoadKind[] = ['sign-in', 'read', 'upload', 'submission'];

export interface KillOutcome {
  /** The stack's process was alive after this kill. */
  alive: boolean;
  /** Ms from the kill until every kind of request had been served again (null: not in time). */
  recoveredMs: number | null;
  /** The same, per kind. */
  perKind: Record<LoadKind, number | null>;
}

export interface DrillResult {
  kills: KillOutcome[];
  /** Answers seen per kind and status over the whole drill (0 = no answer). */
  answers: Record<LoadKind, Record<number, number>>;
}

// A 1×1 PNG: uploads carry real image bytes (Storage checks them against the declared type).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Answer {
  status: number;
  body: string;
}

function request(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Buffer | string; agent?: http.Agent },
): Promise<Answer> {
  return new Promise((resolve) => {
    const body = init.body ?? '';
    const req = http.request(
      url,
      {
        method: init.method,
        agent: init.agent,
        headers: { ...init.headers, 'content-length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve({ status: 0, body: text }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

/** Served = the database did its part: the answer each kind gets from a healthy stack. */
const SERVED: Record<LoadKind, (status: number) => boolean> = {
  'sign-in': (s) => s === 200,
  read: (s) => s === 200,
  upload: (s) => s === 200,
  submission: (s) => s === 201,
};

export async function crashDrill(
  target: DrillTarget,
  opts: {
    kills?: number;
    recoverWithinMs?: number;
    /**
     * Time from one kill to the next (at least the recovery and a moment of service). Spaced
     * kills hit a stack whose pools refilled with fresh connections, as a developer's would.
     */
    everyMs?: number;
    log?: (line: string) => void;
  } = {},
): Promise<DrillResult> {
  const kills = opts.kills ?? 10;
  const every = opts.everyMs ?? 0;
  const recoverWithin = opts.recoverWithinMs ?? 20_000;
  const api = target.apiUrl;
  const anon = { apikey: target.anonKey, authorization: `Bearer ${target.anonKey}` };
  const json = { 'content-type': 'application/json' };
  const signIn = () =>
    request(`${api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...anon, ...json },
      body: JSON.stringify(target.account),
    });
  const first = await signIn();
  if (first.status !== 200) throw new Error(`crash drill: the account cannot sign in (${first.status} ${first.body})`);
  const staff = { apikey: target.anonKey, authorization: `Bearer ${JSON.parse(first.body).access_token}` };
  // Each submission from its own loopback address (127.0.0.0/8 is all this machine), so the
  // per-address limit on submissions does not answer 429 in place of the database.
  let n = 0;
  const agents = new Map<string, http.Agent>();
  const agentFor = (i: number) => {
    const address = `127.${40 + (Math.floor(i / 62500) % 200)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
    let agent = agents.get(address);
    if (!agent) agents.set(address, (agent = new http.Agent({ localAddress: address })));
    return agent;
  };

  const send: Record<LoadKind, () => Promise<Answer>> = {
    'sign-in': signIn,
    read: () => request(`${api}/rest/v1/events?select=id,title&limit=5`, { method: 'GET', headers: anon }),
    upload: () =>
      request(`${api}/storage/v1/object/images/events/drill-${process.pid}-${n++}.png`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'image/png' },
        body: PNG,
      }),
    submission: () => {
      const i = n++;
      return request(`${api}/rest/v1/rpc/submit`, {
        method: 'POST',
        agent: agentFor(i),
        headers: { ...anon, ...json },
        body: JSON.stringify({
          type: 'contact',
          name: `Drill ${i}`,
          email: `drill-${i}@example.com`,
          message: 'Crash drill',
          honeypot: null,
        }),
      });
    },
  };

  const answers = Object.fromEntries(LOAD_KINDS.map((k) => [k, {}])) as DrillResult['answers'];
  // Per kind, the requests that were served: when each was sent and when it was answered.
  type Served = { sent: number; done: number }[];
  const served = Object.fromEntries(LOAD_KINDS.map((k) => [k, [] as Served])) as Record<LoadKind, Served>;
  let stop = false;
  const workers = LOAD_KINDS.flatMap((kind) =>
    [0, 1].map(async () => {
      while (!stop) {
        const sent = performance.now();
        const a = await send[kind]();
        answers[kind][a.status] = (answers[kind][a.status] ?? 0) + 1;
        if (SERVED[kind](a.status)) served[kind].push({ sent, done: performance.now() });
        // While the database is away, a short pause instead of a tight loop of failures.
        else await new Promise((r) => setTimeout(r, 25));
      }
    }),
  );

  const outcomes: KillOutcome[] = [];
  try {
    await new Promise((r) => setTimeout(r, 500));
    for (let k = 1; k <= kills; k++) {
      const pid = target.postgresPid();
      const killedAt = performance.now();
      process.kill(pid, 'SIGKILL');
      for (const kind of LOAD_KINDS) served[kind].length = 0;
      // Recovered: a request of every kind sent once the new postmaster was up was served
      // (backends of the killed one can still answer for a moment, which proves nothing).
      let restartedAt = 0;
      const perKind = Object.fromEntries(LOAD_KINDS.map((k) => [k, null])) as KillOutcome['perKind'];
      while (performance.now() - killedAt < recoverWithin && target.alive()) {
        const now = currentPid(target);
        if (!restartedAt && now && now !== pid) restartedAt = performance.now();
        for (const kind of LOAD_KINDS) {
          const hit = restartedAt ? served[kind].find((x) => x.sent >= restartedAt) : undefined;
          if (perKind[kind] === null && hit) perKind[kind] = Math.round(hit.done - killedAt);
        }
        if (LOAD_KINDS.every((kind) => perKind[kind] !== null)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const times = Object.values(perKind);
      const recoveredMs = times.every((t) => t !== null) ? Math.max(...(times as number[])) : null;
      const outcome = { alive: target.alive(), recoveredMs, perKind };
      outcomes.push(outcome);
      opts.log?.(
        `kill ${k}/${kills} (pid ${pid}): ${outcome.alive ? 'alive' : 'DEAD'}, served again after ${
          recoveredMs === null ? 'never' : `${recoveredMs} ms`
        } (${LOAD_KINDS.map((kind) => `${kind} ${perKind[kind] ?? '–'}`).join(', ')})`,
      );
      if (!outcome.alive || recoveredMs === null) break;
      // A moment of normal service between two kills, or the rest of the interval.
      await new Promise((r) => setTimeout(r, Math.max(300, every - (performance.now() - killedAt))));
    }
  } finally {
    stop = true;
    await Promise.all(workers);
    for (const a of agents.values()) a.destroy();
  }
  return { kills: outcomes, answers };
}

/** The postmaster's pid, or 0 while there is none (its pid file is being rewritten). */
function currentPid(target: DrillTarget): number {
  try {
    return target.postgresPid();
  } catch {
    return 0;
  }
}
