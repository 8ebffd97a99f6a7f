// Every pg client and pool of the stack's own process goes through here. node-postgres emits
// 'error' on a client whose server connection dies (Postgres crashed, was killed or restarted),
// and an EventEmitter 'error' without a listener throws: it would end the whole stack process,
// gateway and all, while the supervisor (supervisor.ts) is about to bring Postgres back. A pool
// listens on its idle clients only; a client checked out of it (held across a bcrypt hash, an
// upload, an SMTP send) or a lone pg.Client has no listener unless we give it one. The query in
// flight still fails on its own (its promise rejects), so the listener only logs.
import pg from 'pg';

type Log = (line: string) => void;

/** Clients whose connection died, with the error: withClient destroys them on release. */
const lost = new WeakMap<pg.ClientBase, Error>();

/**
 * Logs (instead of crashing on) errors of the pool's idle clients, and gives every client a
 * listener of its own from the moment it connects: a backend that notices the postmaster's death
 * as it becomes ready sends ReadyForQuery and its FATAL in one segment, and node-postgres emits
 * that 'error' in the same parse that resolves pool.connect(), before its caller can listen.
 */
export function guardedPool(pool: pg.Pool, log: Log): pg.Pool {
  pool.on('error', (err) => log(`database connection lost (idle): ${err.message}`));
  // Only noted: an idle client's error is logged by the pool's listener above, a checked-out
  // one's by withClient.
  pool.on('connect', (client) => client.on('error', (err) => lost.set(client, err)));
  return pool;
}

/**
 * Runs fn with a client checked out of the pool (its 'error' heard by guardedPool's listener). A
 * client that failed is destroyed on release rather than handed to the next caller.
 */
export async function withClient<T>(pool: pg.Pool, log: Log, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let logged = false;
  const onError = (err: Error) => {
    if (!logged) log(`database connection lost: ${err.message}`);
    logged = true;
    lost.set(client, err);
  };
  // Lost before this line (in the parse that resolved connect): said here, once.
  const early = lost.get(client);
  if (early) onError(early);
  // A pool made without guardedPool still gets a listener while the client is out.
  client.on('error', onError);
  try {
    return await fn(client);
  } catch (err) {
    broken = isConnectionError(err) ? (err as Error) : undefined;
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(lost.get(client) ?? broken ?? false);
  }
}

/** Opens a lone client for fn and ends it, listening for its 'error' the whole time. */
export async function withLoneClient<T>(dbUrl: string, log: Log, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl });
  client.on('error', (err) => log(`database connection lost: ${err.message}`));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The database cannot serve now, through no fault of the request: not listening or restarting
 * (a connection refused, lost, or "the database system is starting up"), or out of a resource
 * (class 53: disk full, out of memory, too many connections). PostgREST answers these 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code = '', message = '' } = (err ?? {}) as { code?: string; message?: string };
  return (
    isConnectionError(err) ||
    (typeof code === 'string' && code.startsWith('53')) ||
    code === 'ECONNREFUSED' ||
    /ECONNREFUSED|timeout exceeded when trying to connect/.test(message)
  );
}

/** An error that leaves the connection unusable (as opposed to an SQL error on a live one). */
function isConnectionError(err: unknown): boolean {
  const { code = '', message = '' } = (err ?? {}) as { code?: string; message?: string };
  // Class 57P (operator intervention: admin or crash shutdown), 08 (connection exception), or
  // node-postgres's own words for a dead socket.
  return (
    code.startsWith('57P') ||
    code.startsWith('08') ||
    /Connection terminated|not queryable|ECONNRESET|EPIPE/.test(message)
  );
}
