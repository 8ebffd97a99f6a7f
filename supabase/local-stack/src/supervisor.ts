// Supervision of the stack's child processes: Postgres, PostgREST, Deno (functions) and the mail
// catcher. A development or test stack runs for hours; when one of its children dies (the OOM
// killer, a crash, a `kill -9` in a fault test) nothing else brings it back, and the gateway would
// answer 502/503 until someone restarts everything. Here each child is restarted, with backoff,
// and every exit and restart is logged. This is cross-cutting (every child process uses it), so
// it lives in its own module; each service module only says how to start one instance of itself.
import type { ServiceHandle } from './types.js';

/** One running instance of a supervised service. */
export interface Incarnation {
  /** Resolves when this instance exits, for whatever reason (after stop() too). */
  exited: Promise<string>;
  /** Stops this instance on purpose: it is not restarted. */
  stop(): Promise<void>;
}

export interface SuperviseOptions<T extends Incarnation> {
  name: string;
  /** Starts one instance; resolves once it serves, rejects when it could not start. */
  start(): Promise<T>;
  log(line: string): void;
  /** Runs after a successful restart (for example: Postgres is back, tell PostgREST). */
  onRestart?(instance: T): void;
  /** First delay before a restart; doubled after each failed try up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** An instance that ran this long before dying restarts after initialDelayMs again. */
  stableAfterMs?: number;
}

export interface Supervised<T extends Incarnation> extends ServiceHandle {
  /** The current instance (the last one that started). */
  readonly current: T;
  /** 'running', or 'restarting' between an unexpected exit and the next instance serving. */
  readonly state: 'running' | 'restarting' | 'paused' | 'stopped';
  /** How many times an instance was started again after an unexpected exit. */
  readonly restarts: number;
  /** Stops the service on purpose and keeps it down (fault tests: "the mail server is down"). */
  pause(): Promise<void>;
  /** Starts a paused service again. */
  resume(): Promise<void>;
}

/**
 * Starts a service and keeps it running. The first start is the caller's (its error is thrown
 * as is, nothing is retried: a stack that cannot start should say why at once); after that,
 * every unexpected exit is logged and followed by a new start after a delay that doubles from
 * initialDelayMs (100 ms) up to maxDelayMs (2 s) while starts fail.
 */
export async function supervise<T extends Incarnation>(url: string, opts: SuperviseOptions<T>): Promise<Supervised<T>> {
  const initialDelay = opts.initialDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 2000;
  const stableAfter = opts.stableAfterMs ?? 10_000;
  let current = await opts.start();
  let state: Supervised<T>['state'] = 'running';
  let restarts = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<T | undefined> | undefined;
  let wakeStop: (() => void) | undefined;
  // An instance that dies soon after a restart keeps the backoff growing instead of looping fast.
  let lastDelay = 0;

  const watch = (instance: T, since: number) => {
    void instance.exited.then((why) => {
      if (stopping || state === 'paused' || instance !== current) return;
      state = 'restarting';
      const ranMs = Date.now() - since;
      opts.log(`${opts.name} exited (${why}) after ${(ranMs / 1000).toFixed(1)} s: restarting`);
      void restartLoop(ranMs >= stableAfter || lastDelay === 0 ? initialDelay : Math.min(lastDelay * 2, maxDelay));
    });
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeStop = resolve;
      timer = setTimeout(resolve, ms);
    });

  const restartLoop = async (firstDelay: number) => {
    let delay = firstDelay;
    while (!stopping) {
      lastDelay = delay;
      await sleep(delay);
      if (stopping) return;
      const t0 = Date.now();
      starting = opts.start().then(
        (instance) => instance,
        (e: unknown) => {
          opts.log(`${opts.name} restart failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
          return undefined;
        },
      );
      const instance = await starting;
      starting = undefined;
      if (instance) {
        if (stopping) {
          await instance.stop();
          return;
        }
        current = instance;
        state = 'running';
        restarts++;
        opts.log(`${opts.name} restarted in ${Date.now() - t0} ms (restart ${restarts})`);
        watch(instance, Date.now());
        try {
          opts.onRestart?.(instance);
        } catch (e) {
          opts.log(`${opts.name} after restart: ${(e as Error).message}`);
        }
        return;
      }
      delay = Math.min(delay * 2, maxDelay);
    }
  };

  watch(current, Date.now());
  return {
    url,
    get current() {
      return current;
    },
    get state() {
      return state;
    },
    get restarts() {
      return restarts;
    },
    async pause() {
      if (state === 'paused' || stopping) return;
      // Only a running instance is paused; one that is restarting is let finish first.
      while (state === 'restarting') await new Promise((r) => setTimeout(r, 20));
      state = 'paused';
      await current.stop();
      opts.log(`${opts.name} paused`);
    },
    async resume() {
      if (state !== 'paused' || stopping) return;
      const instance = await opts.start();
      current = instance;
      state = 'running';
      opts.log(`${opts.name} resumed`);
      watch(instance, Date.now());
    },
    async close() {
      stopping = true;
      state = 'stopped';
      clearTimeout(timer);
      wakeStop?.();
      const late = await starting;
      await late?.stop();
      await current.stop();
    },
  };
}

/** "code 1", "signal SIGKILL": why a child process ended. */
export function exitReason(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}
