import net from 'node:net';

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
