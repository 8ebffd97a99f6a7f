import net from 'node:net';
import type { ProjectConfig } from './config.js';
import type { StackPorts, StartStackOptions } from './types.js';

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Distinct free ports (the kernel may hand out a just-closed port twice). */
export async function freePorts(n: number): Promise<number[]> {
  const out = new Set<number>();
  while (out.size < n) out.add(await freePort());
  return [...out];
}

/** True when something already listens on 127.0.0.1:port (or it cannot be bound). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(true));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(false)));
  });
}

export class PortInUseError extends Error {
  constructor(
    public readonly port: number,
    public readonly service: string,
  ) {
    super(`Port ${port} (${service}) is already in use. Stop whatever listens on it, or start with ports: 'free'.`);
    this.name = 'PortInUseError';
  }
}

/** Waits until `check` resolves true, polling; throws after `timeoutMs` or as soon as `failed()` says why. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  opts: { timeoutMs?: number; intervalMs?: number; failed?: () => string | undefined } = {},
) {
  const { timeoutMs = 20000, intervalMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = opts.failed?.();
    if (why) throw new Error(`${what} failed to start: ${why}`);
    try {
      if (await check()) return;
    } catch {
      /* not ready yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

const PORT_NAMES: Record<keyof StackPorts, string> = {
  api: 'API gateway',
  db: 'database',
  mail: 'mail inbox',
  smtp: 'SMTP',
  postgrest: 'PostgREST',
  auth: 'auth',
  storage: 'storage',
  functions: 'functions',
};

/** The ports of one stack: config.toml's, all free ones, or some given and the rest free. */
export async function pickPorts(mode: StartStackOptions['ports'], cfg: ProjectConfig): Promise<StackPorts> {
  if (mode === 'free' || typeof mode === 'object') {
    const explicit = typeof mode === 'object' ? mode : {};
    for (const [k, port] of Object.entries(explicit)) {
      if (port && (await portTaken(port))) throw new PortInUseError(port, PORT_NAMES[k as keyof StackPorts]);
    }
    const free = await freePorts(8);
    const taken = new Set(Object.values(explicit));
    const next = () => free.find((p) => !taken.has(p) && (taken.add(p), true))!;
    const pick = (k: keyof StackPorts) => explicit[k] ?? next();
    return {
      api: pick('api'),
      db: pick('db'),
      mail: pick('mail'),
      smtp: pick('smtp'),
      postgrest: pick('postgrest'),
      auth: pick('auth'),
      storage: pick('storage'),
      functions: pick('functions'),
    };
  }
  const fixed: [keyof StackPorts, number, string][] = [
    ['api', cfg.api.port, 'API gateway'],
    ['db', cfg.db.port, 'database'],
    ['mail', cfg.mail.port, 'mail inbox'],
    ['smtp', cfg.mail.smtpPort, 'SMTP'],
  ];
  for (const [, port, what] of fixed) if (await portTaken(port)) throw new PortInUseError(port, what);
  const [postgrest, auth, storage, functions] = await freePorts(4);
  return {
    api: cfg.api.port,
    db: cfg.db.port,
    mail: cfg.mail.port,
    smtp: cfg.mail.smtpPort,
    postgrest: postgrest!,
    auth: auth!,
    storage: storage!,
    functions: functions!,
  };
}
