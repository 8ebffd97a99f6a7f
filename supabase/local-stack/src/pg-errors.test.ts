// A Postgres connection that dies must never end the stack's process (pg-errors.ts). node-postgres
// emits 'error' on a client whose socket closes unexpectedly, and an EventEmitter 'error' nobody
// hears is thrown: here a stand-in server speaks just enough of the protocol to accept a client
// (AuthenticationOk, ReadyForQuery) and then drops the connection, as a postmaster killed with -9
// does. Were the error unheard, vitest would fail the run with an uncaught exception. And every
// pg client and pool of the stack's source is made through pg-errors.ts or given a listener.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedPool, withClient, withLoneClient } from './pg-errors.js';

const sockets = new Set<net.Socket>();
let server: net.Server;
let url = '';

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    // The startup message (length-prefixed), then: AuthenticationOk, ReadyForQuery (idle).
    socket.once('data', () => {
      const ok = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([ok, ready]));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `postgres://u:p@127.0.0.1:${(server.address() as net.AddressInfo).port}/db`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Drops every connection now, as the death of the postmaster does. */
const killPostgres = () => {
  for (const s of sockets) s.destroy();
};

describe('a connection that dies', () => {
  it('of a client checked out of a pool is logged, and the client is not handed out again', async () => {
    const lines: string[] = [];
    const pool = guardedPool(new pg.Pool({ connectionString: url, max: 1 }), (l) => lines.push(l));
    let used: pg.PoolClient | undefined;
    await withClient(
      pool,
      (l) => lines.push(l),
      async (client) => {
        used = client;
        killPostgres();
        await expect.poll(() => lines).toContain('database connection lost: Connection terminated unexpectedly');
      },
    );
    // Destroyed on release (a pool of one): the next caller gets a new connection.
    const next = await pool.connect();
    expect(next).not.toBe(used);
    next.release(true);
    await pool.end();
  });

  it('of an idle client in a pool is logged', async () => {
    const lines: string[] = [];
    const pool = guardedPool(new pg.Pool({ connectionString: url, max: 1 }), (l) => lines.push(l));
    (await pool.connect()).release();
    killPostgres();
    await expect.poll(() => lines).toContain('database connection lost (idle): Connection terminated unexpectedly');
    await pool.end();
  });

  it('right after a new client connected, before its caller listens, is heard', async () => {
    // A backend that notices the postmaster's death as it becomes ready sends ReadyForQuery and
    // its FATAL in one segment: node-postgres resolves pool.connect() and emits the 'error' in
    // the same parse, before withClient's own listener is on (the crash drill's escaping error).
    const fatal = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => {
        const ok = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
        const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
        const fields = Buffer.from(
          'SFATAL\0C57P01\0Mterminating connection due to unexpected postmaster exit\0\0',
          'utf8',
        );
        const head = Buffer.alloc(5);
        head.write('E');
        head.writeUInt32BE(fields.length + 4, 1);
        socket.end(Buffer.concat([ok, ready, head, fields]));
      });
    });
    await new Promise<void>((done) => fatal.listen(0, '127.0.0.1', done));
    const port = (fatal.address() as net.AddressInfo).port;
    const lines: string[] = [];
    const pool = guardedPool(new pg.Pool({ connectionString: `postgres://u:p@127.0.0.1:${port}/db`, max: 1 }), (l) =>
      lines.push(l),
    );
    try {
      const failed = await withClient(
        pool,
        (l) => lines.push(l),
        (client) => client.query('select 1'),
      ).catch((e: Error) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(lines.join('\n')).toContain('terminating connection due to unexpected postmaster exit');
      // Not handed out again: the next caller gets a connection of its own (which fails too here).
      expect(pool.idleCount).toBe(0);
    } finally {
      await pool.end();
      await new Promise<void>((done) => fatal.close(() => done()));
    }
  });

  it('of a lone client is logged', async () => {
    const lines: string[] = [];
    await withLoneClient(
      url,
      (l) => lines.push(l),
      async () => {
        killPostgres();
        await expect.poll(() => lines).toContain('database connection lost: Connection terminated unexpectedly');
      },
    );
  });
});

describe("the stack's source", () => {
  it('makes every pg client and pool with an error listener', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'pg-errors.ts');
    const unguarded: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      // guardedPool(new pg.Pool(…)) anywhere; else a variable that gets its own listener.
      const guarded = text.match(/guardedPool\(new pg\.Pool\(/g)?.length ?? 0;
      const named = [...text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*new pg\.(?:Client|Pool)\(/g)].map((m) => m[1]!);
      for (const name of named) if (!text.includes(`${name}.on('error'`)) unguarded.push(`${file}: ${name}`);
      const made = text.match(/new pg\.(Client|Pool)\(/g)?.length ?? 0;
      if (made !== guarded + named.length) unguarded.push(`${file}: a pg client or pool that cannot be checked`);
    }
    expect(files.length).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
  });
});
