// The publish hook's answer (20261201120000_credentials_and_hook_answers.sql): the hosted cron job
// sends the hook with pg_net, which answers later in net._http_response; a refusal fails the build
// at the cron job's next run with a reason the console translates, instead of `no_report` half an
// hour later. The local stack has neither pg_net nor Vault, so each test makes a stand-in of both
// (pg_net's own table and function signatures) inside a transaction it rolls back.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../local-stack/test/env.ts';
import { createUser, sql, type TestUser } from './helpers.ts';

let superadmin: TestUser;
beforeAll(async () => {
  superadmin = await createUser('superadmin');
});
afterAll(async () => {
  await sql('delete from private.publish_changes');
  await sql('delete from private.publish_builds');
});

const STAND_IN = `
  create schema net;
  create table net._http_response (
    id bigint, status_code integer, content_type text, headers jsonb, content text,
    timed_out boolean, error_msg text, created timestamptz not null default now()
  );
  create table net.sent (id bigserial primary key, url text, body jsonb, headers jsonb);
  create function net.http_post(url text, body jsonb, headers jsonb) returns bigint
    language sql as $$ insert into net.sent (url, body, headers) values (url, body, headers) returning id $$;
  create schema vault;
  create table vault.decrypted_secrets (name text, decrypted_secret text);
  insert into vault.decrypted_secrets values
    ('publish_hook_url', 'https://api.github.com/repos/union/site/actions/workflows/publish.yml/dispatches'),
    ('publish_hook_token', 'github_pat_expired');
`;

/** Runs `body` on one connection inside a transaction with the stand-in, then rolls it all back. */
async function withHook<T>(
  body: (q: (text: string, params?: unknown[]) => Promise<pg.QueryResultRow[]>) => Promise<T>,
) {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(STAND_IN);
    // An empty queue with a live build, then a superadmin's "Publish now": a build is due.
    await c.query('delete from private.publish_changes');
    await c.query('delete from private.publish_builds');
    await c.query(`insert into private.publish_builds (started_at, finished_at, state) values (now(), now(), 'live')`);
    await c.query(
      `insert into private.publish_changes (content, operation, urgent) values ('publish_now', 'REQUEST', true)`,
    );
    return await body(async (text, params) => (await c.query(text, params)).rows);
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.end();
  }
}

describe('the publish hook’s answer', () => {
  it('a refused token (401) fails the build as hook_refused at the next run, its changes waiting', async () => {
    await withHook(async (q) => {
      const [{ id: build }] = await q('select private.dispatch_publish() as id');
      expect(build).not.toBeNull();
      const [sent] = await q('select id, body, headers from net.sent');
      expect(sent!.body).toEqual({ ref: 'main', inputs: { build_id: build } });
      expect(sent!.headers.Authorization).toBe('Bearer github_pat_expired');
      // The build remembers its request.
      const [row] = await q('select state, hook_request_id from private.publish_builds where id = $1', [build]);
      expect(row).toEqual({ state: 'running', hook_request_id: sent!.id });

      // Not answered yet: the next run leaves the build running.
      expect((await q('select private.dispatch_publish() as id'))[0]!.id).toBeNull();
      expect((await q('select state from private.publish_builds where id = $1', [build]))[0]!.state).toBe('running');

      await q(
        `insert into net._http_response (id, status_code, content) values ($1, 401, '{"message":"Bad credentials"}')`,
        [sent!.id],
      );
      expect((await q('select private.dispatch_publish() as id'))[0]!.id).toBeNull();
      const [failed] = await q('select state, error, finished_at from private.publish_builds where id = $1', [build]);
      expect(failed).toMatchObject({ state: 'failed', error: 'hook_refused' });
      expect(failed!.finished_at).not.toBeNull();
      // Its change waits again, no longer urgent: the refused token is not sent again at once.
      expect(await q('select content, build_id, urgent from private.publish_changes')).toEqual([
        { content: 'publish_now', build_id: null, urgent: false },
      ]);
      expect(await q('select count(*)::int as n from net.sent')).toEqual([{ n: 1 }]);

      // What the console reads: publishing failed, with the reason.
      await q(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: superadmin.id, role: 'authenticated', email: superadmin.email }),
      ]);
      await q('set local role authenticated');
      expect(await q('select state, last_error from public.publish_status()')).toEqual([
        { state: 'failed', last_error: 'hook_refused' },
      ]);
    });
  });

  it('a hook that took the request (204) leaves the build running until the build reports', async () => {
    await withHook(async (q) => {
      const [{ id: build }] = await q('select private.dispatch_publish() as id');
      const [{ id: request }] = await q('select id from net.sent');
      await q('insert into net._http_response (id, status_code) values ($1, 204)', [request]);
      await q('select private.dispatch_publish()');
      expect(await q('select state, error from private.publish_builds where id = $1', [build])).toEqual([
        { state: 'running', error: null },
      ]);
    });
  });

  it('names every other answer', async () => {
    const cases: [number | null, boolean, string | null, string | null][] = [
      [200, false, null, null],
      [204, false, null, null],
      [401, false, null, 'hook_refused'],
      [403, false, null, 'hook_refused'],
      [404, false, null, 'hook_not_found'],
      [422, false, null, 'hook_http_422'],
      [500, false, null, 'hook_http_500'],
      [null, true, 'Timeout of 5000 ms reached', 'hook_unreachable'],
      [null, false, 'Couldn’t resolve host name', 'hook_unreachable'],
    ];
    for (const [status, timedOut, message, reason] of cases)
      expect(
        (
          await sql<{ r: string | null }>('select private.hook_failure($1, $2, $3) as r', [status, timedOut, message])
        )[0]!.r,
        `status ${status}, ${message}`,
      ).toBe(reason);
  });

  it('a 404 fails the build as hook_not_found', async () => {
    await withHook(async (q) => {
      const [{ id: build }] = await q('select private.dispatch_publish() as id');
      const [{ id: request }] = await q('select id from net.sent');
      await q('insert into net._http_response (id, status_code) values ($1, 404)', [request]);
      await q('select private.dispatch_publish()');
      expect(await q('select state, error from private.publish_builds where id = $1', [build])).toEqual([
        { state: 'failed', error: 'hook_not_found' },
      ]);
    });
  });
});
