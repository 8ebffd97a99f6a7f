import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readHostedConfig } from './config.js';
import { hostedTarget, type Command } from './hosted.js';
import { checkDatabase, checkPagesProject, checkPublishHook, checkSmtp, checkSupabaseProject } from './preflight.js';
import { release, STEPS } from './steps.js';

// Supabase's and Cloudflare's APIs, GitHub and a mail server, played on 127.0.0.1: each fake
// answers what the real service documents for the case (a status and, where the check reads
// one, the body), and records what it was asked.

const root = path.resolve(import.meta.dirname, '../..');
const stops: (() => Promise<void>)[] = [];
let workDir: string | undefined;
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
});

interface Asked {
  url: string;
  authorization: string | undefined;
}

/** An HTTP fake on a free port: `answer` gives each request's status, body and headers. */
async function fakeApi(
  answer: (url: string, authorization?: string) => { status: number; body?: unknown; headers?: Record<string, string> },
) {
  const asked: Asked[] = [];
  const server = http.createServer((req, res) => {
    asked.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const { status, body, headers } = answer(req.url ?? '', req.headers.authorization);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, asked };
}

/** A mail server that greets, offers AUTH PLAIN (no STARTTLS: a plain socket) and accepts `password` only. */
async function fakeSmtp(password: string) {
  const logins: string[] = [];
  const server = net.createServer((socket) => {
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250-AUTH PLAIN LOGIN\r\n250 OK\r\n');
        else if (line.startsWith('AUTH PLAIN ')) {
          const [, user, pass] = Buffer.from(line.slice(11), 'base64').toString().split('\0');
          logins.push(user!);
          socket.write(pass === password ? '235 2.7.0 Accepted\r\n' : '535 5.7.8 Authentication failed\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 unknown\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as net.AddressInfo).port, logins };
}

/** A port nothing listens on (the database of these tests: its check fails fast). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const REF = 'abcdefghijklmnopqrst';
const SUPABASE_TOKEN = 'sbp_secret_token_1234';
const CF_TOKEN = 'cf-secret-token';

/** Supabase's management API: the project for the good token, 401 for any other. */
const supabaseAnswer = (good: string) => (url: string, authorization?: string) =>
  url !== `/v1/projects/${REF}`
    ? { status: 404 }
    : authorization === `Bearer ${good}`
      ? { status: 200, body: { id: REF, name: 'union', status: 'ACTIVE_HEALTHY' } }
      : { status: 401, body: { message: 'Unauthorized' } };

/** Cloudflare: both Pages projects for the good token, 401 (its error envelope) for any other. */
const cloudflareAnswer = (good: string) => (url: string, authorization?: string) =>
  authorization !== `Bearer ${good}`
    ? { status: 401, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] } }
    : /^\/accounts\/0123456789abcdef\/pages\/projects\/union-(site|admin)$/.test(url)
      ? { status: 200, body: { success: true, errors: [], result: { name: url.split('/').pop() } } }
      : { status: 404, body: { success: false, errors: [{ code: 8000007, message: 'Project not found.' }] } };

/** The hosted release run to the fakes: the error, the log and every command the runner got. */
async function hostedRelease(tokens: { supabase: string; cloudflare: string }) {
  const supabase = await fakeApi(supabaseAnswer(SUPABASE_TOKEN));
  const cloudflare = await fakeApi(cloudflareAnswer(CF_TOKEN));
  const smtp = await fakeSmtp('smtp-Pa55word');
  // Read as a release reads its settings (no file has this target's name): any setting the
  // release adds is one line here.
  const config = readHostedConfig(root, 'preflight-test', {
    SUPABASE_PROJECT_REF: REF,
    SUPABASE_ANON_KEY: 'anon-key-public',
    SUPABASE_ACCESS_TOKEN: tokens.supabase,
    SUPABASE_DB_URL: `postgresql://postgres:db-Pa55word@127.0.0.1:${await closedPort()}/postgres`,
    // A certificate's shape only: the database's port is closed before any TLS.
    SUPABASE_DB_CA: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    SITE_URL: 'https://union.example',
    ADMIN_URL: 'https://admin.union.example',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_USER: 'noreply@union.example',
    SMTP_PASS: 'smtp-Pa55word',
    SMTP_FROM: 'Palestinian Students Union <noreply@union.example>',
    CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef',
    CLOUDFLARE_API_TOKEN: tokens.cloudflare,
    PAGES_PROJECT_SITE: 'union-site',
    PAGES_PROJECT_ADMIN: 'union-admin',
  });
  workDir = mkdtempSync(path.join(tmpdir(), 'preflight-test-'));
  const commands: Command[] = [];
  const lines: string[] = [];
  const target = hostedTarget('production', config, {
    run: async (command) => void commands.push(command),
    root,
    dryRun: false,
    workDir,
    commit: 'c0ffee',
    log: (line) => lines.push(line),
    apis: { supabase: supabase.url, cloudflare: cloudflare.url },
  });
  // The tree holds uncommitted work while tests run: this test is about the credentials.
  target.cleanTree = () => {};
  const ctx = {
    root,
    workDir,
    dryRun: false,
    marker: { commit: 'c0ffee', stamp: 'run-1' },
    log: (l: string) => lines.push(l),
  };
  const error = await release(target, ctx, STEPS, 'npm run deploy').then(
    () => null,
    (e: Error) => e.message,
  );
  return { error, lines, commands, supabase, cloudflare, smtp };
}

describe('the hosted preflight', () => {
  it('stops a release whose Supabase access token is refused before any command, naming the token', async () => {
    const { error, commands, supabase, cloudflare } = await hostedRelease({
      supabase: 'sbp_revoked',
      cloudflare: CF_TOKEN,
    });
    expect(commands).toEqual([]);
    expect(error).toMatch(/^step 1 \(preflight/);
    expect(error).toContain('SUPABASE_ACCESS_TOKEN is refused by the Supabase management API (401');
    expect(error).not.toContain('CLOUDFLARE_API_TOKEN is refused');
    expect(error).toContain('Nothing was changed on production.');
    expect(supabase.asked).toEqual([{ url: `/v1/projects/${REF}`, authorization: 'Bearer sbp_revoked' }]);
    // Both Pages projects were asked, and no token's value is in the message.
    expect(cloudflare.asked.map((a) => a.url).sort()).toEqual([
      '/accounts/0123456789abcdef/pages/projects/union-admin',
      '/accounts/0123456789abcdef/pages/projects/union-site',
    ]);
    expect(error).not.toContain('sbp_revoked');
  });

  it('stops a release whose Cloudflare token is refused before any command, naming the token and both projects', async () => {
    const { error, commands, lines, smtp } = await hostedRelease({
      supabase: SUPABASE_TOKEN,
      cloudflare: 'cf-revoked',
    });
    expect(commands).toEqual([]);
    expect(error).toContain(
      'CLOUDFLARE_API_TOKEN is refused for PAGES_PROJECT_SITE union-site in CLOUDFLARE_ACCOUNT_ID 0123456789abcdef (401: 10000 Authentication error)',
    );
    expect(error).toContain('CLOUDFLARE_API_TOKEN is refused for PAGES_PROJECT_ADMIN union-admin');
    expect(error).not.toContain('SUPABASE_ACCESS_TOKEN');
    expect(error).not.toContain('cf-revoked');
    // The other checks ran and said what they proved, or what failed (this test has no database).
    expect(lines).toContain(`    Supabase: SUPABASE_ACCESS_TOKEN manages ${REF} (ACTIVE_HEALTHY)`);
    expect(
      lines.some((l) => l.includes('SMTP: 127.0.0.1') && l.includes('accepts the login of noreply@union.example')),
    ).toBe(true);
    expect(smtp.logins).toEqual(['noreply@union.example']);
    expect(error).toMatch(/SUPABASE_DB_URL: cannot connect and run select 1 \(the connection is refused\)/);
    expect(error).not.toContain('db-Pa55word');
  });
});

describe('each proof', () => {
  it('Supabase: a token without the project (403), an unknown reference (404) and a paused project', async () => {
    const answers: Record<string, { status: number; body?: unknown }> = {
      forbidden: { status: 403 },
      missing: { status: 404 },
      paused: { status: 200, body: { id: REF, status: 'INACTIVE' } },
    };
    const api = await fakeApi((_url, authorization) => answers[authorization!.slice(7)]!);
    await expect(checkSupabaseProject(REF, 'forbidden', api.url)).rejects.toThrow(
      `SUPABASE_ACCESS_TOKEN may not manage the project ${REF} (403)`,
    );
    await expect(checkSupabaseProject(REF, 'missing', api.url)).rejects.toThrow(
      `SUPABASE_PROJECT_REF ${REF}: no such project for this SUPABASE_ACCESS_TOKEN (404)`,
    );
    await expect(checkSupabaseProject(REF, 'paused', api.url)).rejects.toThrow(/the project is INACTIVE, not active/);
  });

  it('Cloudflare: a Pages project the account does not have names its setting', async () => {
    const api = await fakeApi(cloudflareAnswer(CF_TOKEN));
    await expect(
      checkPagesProject('0123456789abcdef', CF_TOKEN, { name: 'union-sit', setting: 'PAGES_PROJECT_SITE' }, api.url),
    ).rejects.toThrow(
      'PAGES_PROJECT_SITE union-sit: no such Pages project in CLOUDFLARE_ACCOUNT_ID 0123456789abcdef (404: 8000007 Project not found.)',
    );
  });

  it('the database: one elsewhere than this machine only over TLS verified against SUPABASE_DB_CA', async () => {
    await expect(
      checkDatabase(
        'postgresql://postgres:pw@db.abcdefghijklmnopqrst.supabase.co:5432/postgres',
        undefined,
        'SUPABASE_DB_URL',
      ),
    ).rejects.toThrow(
      /^SUPABASE_DB_URL: The database at db\.abcdefghijklmnopqrst\.supabase\.co is not on this machine: set SUPABASE_DB_CA/,
    );
  });

  it('SMTP: a refused login names SMTP_USER and SMTP_PASS', async () => {
    const smtp = await fakeSmtp('right');
    await expect(
      checkSmtp({ host: '127.0.0.1', port: smtp.port, user: 'u@union.example', pass: 'wrong' }),
    ).rejects.toThrow(
      /^SMTP_USER and SMTP_PASS: the server refused the login \(535 5\.7\.8 Authentication failed\) at SMTP_HOST 127\.0\.0\.1$/,
    );
    expect(await checkSmtp({ host: '127.0.0.1', port: smtp.port, user: 'u@union.example', pass: 'right' })).toBe(
      `SMTP: 127.0.0.1:${smtp.port} answers, and accepts the login of u@union.example`,
    );
  });

  it("the publish hook's token: refused, alive (with its expiry), or not GitHub's (not checkable)", async () => {
    const workflow = '/repos/union/site/actions/workflows/publish.yml';
    const api = await fakeApi((url, authorization) =>
      url !== workflow
        ? { status: 404 }
        : authorization === 'Bearer ghp_alive'
          ? {
              status: 200,
              body: { name: 'publish', state: 'active' },
              headers: { 'github-authentication-token-expiration': '2027-06-01 00:00:00 UTC' },
            }
          : { status: 401, body: { message: 'Bad credentials' } },
    );
    const url = `${api.url}${workflow}/dispatches`;
    await expect(checkPublishHook({ url, token: 'ghp_expired' })).rejects.toThrow(
      /^Vault publish_hook_token is refused by GitHub \(401: expired or revoked\)/,
    );
    expect(await checkPublishHook({ url, token: 'ghp_alive' })).toBe(
      'publish hook: Vault publish_hook_token reaches the workflow (the token expires 2027-06-01 00:00:00 UTC)',
    );
    await expect(checkPublishHook({ url, token: null })).rejects.toThrow(/publish_hook_token is missing/);
    expect(
      await checkPublishHook({
        url: 'https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/x',
        token: null,
      }),
    ).toMatch(/not GitHub's workflow dispatch/);
    expect(await checkPublishHook(null)).toMatch(/none in Vault yet/);
    await expect(checkPublishHook({ url: 'api.github.com/repos', token: 'ghp_alive' })).rejects.toThrow(
      /publish_hook_url is not an address/,
    );
    // Only the workflow itself was read: nothing was dispatched.
    expect(api.asked.every((a) => a.url === workflow)).toBe(true);
  });
});
