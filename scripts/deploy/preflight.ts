// The preflight's proofs: before a release changes anything, every credential it will use and
// every place it will write to answers, so that an expired token stops it at step 1 rather than
// half way, with migrations live in front of the old apps. Each check only reads. Every problem
// found is reported at once, each naming the setting to fix.
import path from 'node:path';
import { readFileSync, existsSync } from 'node:fs';
import { pgConfig } from '../lib/pg-connect.js';
import { checkLock, hashMigrations, LOCK_COMMAND, TAMPERED_ADVICE } from '../migrations-lock.js';
import { messageOf } from './report.js';
import { SmtpRefused, verifySmtpLogin, type SmtpLogin } from './smtp.js';

/** The hosted APIs the preflight asks. Production uses these; tests pass their own fakes. */
export const APIS = {
  supabase: 'https://api.supabase.com',
  cloudflare: 'https://api.cloudflare.com/client/v4',
};
export type Apis = typeof APIS;

const TIMEOUT_MS = 20_000;

/** Thrown when a check fails: its message names the setting and says what to do. */
export class PreflightError extends Error {}

/**
 * Runs every check (they are independent and read only) and throws one error listing every
 * failure; logs what each one proved.
 */
export async function proveAll(
  checks: (() => Promise<string | string[]>)[],
  log: (line: string) => void,
): Promise<void> {
  const results = await Promise.allSettled(checks.map((check) => check()));
  const problems: string[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') [result.value].flat().forEach((line) => log(line));
    else problems.push(messageOf(result.reason));
  }
  if (problems.length > 0) throw new PreflightError(`the preflight found:\n  - ${problems.join('\n  - ')}`);
}

/**
 * supabase/migrations matches supabase/migrations.lock: no recorded file edited or deleted, none
 * unrecorded. Checked on every target (a fresh local database has no record to compare with,
 * and a hosted one only knows the files already applied to it).
 */
export function checkMigrationLock(root: string): string {
  const dir = path.join(root, 'supabase', 'migrations');
  const lockFile = path.join(root, 'supabase', 'migrations.lock');
  const lockText = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  const files = hashMigrations(dir);
  const { tampered, unrecorded } = checkLock(files, lockText);
  if (tampered.length > 0)
    throw new PreflightError(
      `supabase/migrations differs from supabase/migrations.lock:\n  ${tampered.join('\n  ')}\n${TAMPERED_ADVICE}`,
    );
  if (unrecorded.length > 0)
    throw new PreflightError(
      `migrations not recorded in supabase/migrations.lock: ${unrecorded.join(', ')}. ` +
        `Run \`${LOCK_COMMAND}\`, commit the lock with them, and release again.`,
    );
  return `${files.size} migration file(s), each as supabase/migrations.lock records it`;
}

/** GET with a timeout; a network failure names what was asked and the setting behind it. */
async function get(url: string, headers: Record<string, string>, what: string): Promise<Response> {
  try {
    return await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PreflightError(`${what}: ${url} could not be reached (${messageOf(error)})`);
  }
}

async function json(res: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The Supabase access token against the management API, for the project: the CLI's
 * `functions deploy`, `secrets set` and `config push` use the same token and API.
 */
export async function checkSupabaseProject(ref: string, token: string, api: string = APIS.supabase): Promise<string> {
  const what = 'SUPABASE_ACCESS_TOKEN';
  const res = await get(`${api}/v1/projects/${ref}`, { Authorization: `Bearer ${token}` }, what);
  const body = await json(res);
  if (res.status === 401)
    throw new PreflightError(
      'SUPABASE_ACCESS_TOKEN is refused by the Supabase management API (401: expired, revoked or mistyped): ' +
        'create a new one (Account → Access Tokens) and update the secret',
    );
  if (res.status === 403)
    throw new PreflightError(
      `SUPABASE_ACCESS_TOKEN may not manage the project ${ref} (403): use a token of a member of its organization`,
    );
  if (res.status === 404)
    throw new PreflightError(
      `SUPABASE_PROJECT_REF ${ref}: no such project for this SUPABASE_ACCESS_TOKEN (404): check the reference ` +
        "(Project Settings → General) and that the token's owner is a member of the project's organization",
    );
  if (res.status !== 200) throw new PreflightError(`${what}: the Supabase management API answered ${res.status}`);
  const status = typeof body?.status === 'string' ? body.status : null;
  // A free project pauses itself after a week without use: every later step would fail on it.
  if (status !== null && !status.startsWith('ACTIVE_'))
    throw new PreflightError(
      `SUPABASE_PROJECT_REF ${ref}: the project is ${status}, not active: restore it in the dashboard first`,
    );
  return `Supabase: SUPABASE_ACCESS_TOKEN manages ${ref}${status ? ` (${status})` : ''}`;
}

/** What Cloudflare said went wrong (its `errors`), for the message. */
const cloudflareErrors = (body: Record<string, unknown> | null): string => {
  const errors = Array.isArray(body?.errors) ? (body.errors as { code?: number; message?: string }[]) : [];
  return errors.length > 0 ? `: ${errors.map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ')}` : '';
};

/** The Cloudflare token against one Pages project (the same call wrangler's deploy starts with). */
export async function checkPagesProject(
  account: string,
  token: string,
  project: { name: string; setting: string },
  api: string = APIS.cloudflare,
): Promise<string> {
  const url = `${api}/accounts/${account}/pages/projects/${encodeURIComponent(project.name)}`;
  const res = await get(url, { Authorization: `Bearer ${token}` }, 'CLOUDFLARE_API_TOKEN');
  const body = await json(res);
  const said = cloudflareErrors(body);
  if (res.status === 401 || res.status === 403 || res.status === 400)
    throw new PreflightError(
      `CLOUDFLARE_API_TOKEN is refused for ${project.setting} ${project.name} in CLOUDFLARE_ACCOUNT_ID ${account} ` +
        `(${res.status}${said}): create a token with "Cloudflare Pages: Edit" on that account (My Profile → API Tokens)`,
    );
  if (res.status === 404)
    throw new PreflightError(
      `${project.setting} ${project.name}: no such Pages project in CLOUDFLARE_ACCOUNT_ID ${account} (404${said})`,
    );
  if (res.status !== 200 || body?.success !== true)
    throw new PreflightError(`CLOUDFLARE_API_TOKEN: Cloudflare answered ${res.status}${said} for ${project.name}`);
  return `Cloudflare: CLOUDFLARE_API_TOKEN reaches the Pages project ${project.name} (${project.setting})`;
}

/**
 * Connects with the URL (over TLS verified against `ca` unless the database is on this machine:
 * scripts/lib/pg-connect.ts) and runs `select 1`; the URL itself (it holds the password) is never shown.
 */
export async function checkDatabase(dbUrl: string, ca: string | undefined, setting: string): Promise<string> {
  const pg = (await import('pg')).default;
  let client: InstanceType<typeof pg.Client>;
  try {
    client = new pg.Client({ ...pgConfig(dbUrl, ca, 'union-release'), connectionTimeoutMillis: TIMEOUT_MS });
  } catch (error) {
    throw new PreflightError(`${setting}: ${messageOf(error)}`);
  }
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === '28P01'
        ? 'the password is refused'
        : code === 'ENOTFOUND'
          ? 'no such host'
          : code === 'ECONNREFUSED'
            ? 'the connection is refused'
            : messageOf(error);
    throw new PreflightError(`${setting}: cannot connect and run select 1 (${why})`);
  } finally {
    await client.end().catch(() => {});
  }
  return `database: ${setting} connects (select 1)`;
}

/** The SMTP login the functions and auth mails will use; no mail is sent. */
export async function checkSmtp(login: SmtpLogin): Promise<string> {
  try {
    return `SMTP: ${await verifySmtpLogin(login)}`;
  } catch (error) {
    if (error instanceof SmtpRefused)
      throw new PreflightError(`SMTP_USER and SMTP_PASS: ${error.message} at SMTP_HOST ${login.host}`);
    throw new PreflightError(`SMTP_HOST ${login.host}:${login.port} (SMTP_PORT): ${messageOf(error)}`);
  }
}

export interface PublishHook {
  url: string | null;
  token: string | null;
}

/**
 * The publish hook's address and token, as private.dispatch_publish reads them from Vault
 * (supabase/migrations/20261125130000_publishing.sql); null where Vault does not exist.
 */
export async function readPublishHook(dbUrl: string, ca: string | undefined): Promise<PublishHook | null> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ ...pgConfig(dbUrl, ca, 'union-release'), connectionTimeoutMillis: TIMEOUT_MS });
  await client.connect();
  try {
    const { rows: has } = await client.query<{ ok: string | null }>(
      `select to_regclass('vault.decrypted_secrets')::text as ok`,
    );
    if (!has[0]?.ok) return null;
    const { rows } = await client.query<{ name: string; value: string | null }>(
      `select name, decrypted_secret as value from vault.decrypted_secrets
       where name in ('publish_hook_url', 'publish_hook_token')`,
    );
    const value = (name: string) => rows.find((r) => r.name === name)?.value?.trim() || null;
    return { url: value('publish_hook_url'), token: value('publish_hook_token') };
  } finally {
    await client.end().catch(() => {});
  }
}

/** GitHub's workflow_dispatch address: /repos/<owner>/<repo>/actions/workflows/<file>/dispatches. */
const DISPATCHES = /^(.*\/repos\/[^/]+\/[^/]+\/actions\/workflows\/[^/]+)\/dispatches$/;

/**
 * The publish hook's token, where the hook is GitHub's workflow_dispatch: GET on the workflow
 * (read access) proves the token is alive and sees the workflow. That it may also dispatch
 * ("Actions: read and write") only a dispatch proves, and a dispatch would start a build.
 */
export async function checkPublishHook(hook: PublishHook | null): Promise<string> {
  if (hook === null || hook.url === null)
    return 'publish hook: none in Vault yet (docs/operations.md, "Publishing"): saved content is not published by itself';
  if (!URL.canParse(hook.url))
    throw new PreflightError('Vault publish_hook_url is not an address: the cron job cannot call it');
  const workflow = DISPATCHES.exec(hook.url)?.[1];
  if (!workflow)
    return `publish hook: ${new URL(hook.url).host} is not GitHub's workflow dispatch; only a build it starts could prove it`;
  if (hook.token === null)
    throw new PreflightError('Vault publish_hook_token is missing: the GitHub workflow hook cannot start a build');
  const res = await get(
    workflow,
    {
      Authorization: `Bearer ${hook.token}`,
      Accept: 'application/vnd.github+json',
      'User-Agent': 'union-release',
    },
    'Vault publish_hook_token',
  );
  const fix = 'make a new fine-grained token and vault.update_secret it (docs/operations.md, "Publishing")';
  if (res.status === 401)
    throw new PreflightError(`Vault publish_hook_token is refused by GitHub (401: expired or revoked): ${fix}`);
  if (res.status === 403 || res.status === 404)
    throw new PreflightError(
      `Vault publish_hook_token cannot see ${workflow.replace(/^.*\/repos\//, '')} (${res.status}): ${fix}`,
    );
  if (res.status !== 200) throw new PreflightError(`Vault publish_hook_token: GitHub answered ${res.status}`);
  const body = await json(res);
  if (typeof body?.state === 'string' && body.state !== 'active')
    throw new PreflightError(`the publish workflow is ${body.state} on GitHub: enable it (Actions → publish)`);
  const expires = res.headers.get('github-authentication-token-expiration');
  return `publish hook: Vault publish_hook_token reaches the workflow${expires ? ` (the token expires ${expires})` : ''}`;
}
