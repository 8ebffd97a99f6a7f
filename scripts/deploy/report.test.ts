import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { failureReason, reportOutcome } from './report.js';

// The queue's side is tested against the database (supabase/tests/publishing.test.ts); here, what
// a publish makes of its answers, with a stand-in for PostgREST's rpc/report_publish.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A report_publish that answers `status` and `body`, and records each request's body and key. */
async function queue(status: number, body: string) {
  const seen: { body: unknown; key: string | undefined }[] = [];
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      seen.push({ body: JSON.parse(text), key: req.headers.apikey as string | undefined });
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, to: { apiUrl, serviceRoleKey: 'service-key' } };
}

const id = '6f1c1d9e-2b4a-4c7e-9a51-0d3f2e8b7c11';

describe('the report of a content publish', () => {
  it('a publish whose steps passed is done only when the queue recorded it live', async () => {
    const live = await queue(200, '"live"');
    const lines: string[] = [];
    expect(await reportOutcome(live.to, id, null, (l) => lines.push(l))).toBe(true);
    expect(live.seen).toEqual([{ body: { build_id: id, error: null }, key: 'service-key' }]);
    expect(lines).toEqual([`Reported build ${id} to the publish queue: live`]);
  });

  it('a failed publish reports its reason and stays failed', async () => {
    const failed = await queue(200, '"failed"');
    expect(await reportOutcome(failed.to, id, 'step 3 (upload) failed', () => {})).toBe(false);
    expect(failed.seen[0]!.body).toEqual({ build_id: id, error: 'step 3 (upload) failed' });
  });

  it('a report the queue refuses makes the publish fail, saying why', async () => {
    const refused = await queue(400, '{"code":"P0001","message":"build_not_running"}');
    const lines: string[] = [];
    expect(await reportOutcome(refused.to, id, null, (l) => lines.push(l))).toBe(false);
    expect(lines[0]).toMatch(/report_publish answered 400: .*build_not_running/);
  });

  it("the reason is the error's first line, and the workflow run's address in GitHub Actions", () => {
    expect(failureReason('\nstep 2 (build) failed: vite build failed\n  at …', {})).toBe(
      'step 2 (build) failed: vite build failed',
    );
    expect(
      failureReason('step 3 failed', {
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'union/site',
        GITHUB_RUN_ID: '42',
      }),
    ).toBe('step 3 failed (https://github.com/union/site/actions/runs/42)');
  });
});
