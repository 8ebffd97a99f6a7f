// The release to a hosted Supabase project and two Cloudflare Pages projects, through the
// Supabase CLI and wrangler (both installed from npm, pinned in package-lock.json). Every command
// goes through a Runner, which prints it with the secrets masked and, unless it is a dry run,
// runs it with the secrets in its environment or in a 0600 file, never on a printed line.
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { wranglerBin, WRANGLER_ENV } from '../lib/pages.js';
import { isPem, readCa } from '../lib/pg-connect.js';
import { mask, sessionCookieDomain, type HostedConfig, type ReleaseConfig, type SiteConfig } from './config.js';
import { readRecordedMigrations } from './drift.js';
import { parseMarker } from '../../shared/src/releaseMarker.js';
import { envFile } from './functions.js';
import {
  APIS,
  checkDatabase,
  checkPagesProject,
  checkPublishHook,
  checkSmtp,
  checkSupabaseProject,
  proveAll,
  readPublishHook,
  type Apis,
} from './preflight.js';
import { dbPush, type Addresses, type SiteTarget, type Target } from './target.js';

const require = createRequire(import.meta.url);
/** The Supabase CLI's launcher (the `supabase` npm package the local stack also runs). */
const supabaseCli = () => path.join(path.dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');

export interface Command {
  /** `supabase` or `wrangler`. */
  tool: 'supabase' | 'wrangler';
  args: string[];
  env: Record<string, string>;
}

export type Runner = (command: Command) => Promise<void>;

/** The command as a line to show, every secret's value masked. */
export const showCommand = (command: Command, config: Partial<HostedConfig>): string =>
  mask(
    [
      ...Object.entries(command.env).map(([name, value]) => `${name}=${value}`),
      `npx ${command.tool}`,
      ...command.args.map((a) => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)),
    ].join(' '),
    config,
  );

/** Runs the pinned CLI itself (not npx: nothing is looked up at release time). */
export function execRunner(cwd: string, config: Partial<HostedConfig>, log: (line: string) => void): Runner {
  return (command) =>
    new Promise((resolve, reject) => {
      log(`$ ${showCommand(command, config)}`);
      const bin = command.tool === 'supabase' ? supabaseCli() : wranglerBin();
      const child = spawn(process.execPath, [bin, ...command.args], {
        cwd,
        env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...command.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Their output is shown too, masked: a CLI may echo a URL with a password in it.
      const forward = (d: Buffer) => {
        for (const line of d.toString().split('\n')) if (line.trim()) log(`  ${mask(line, config)}`);
      };
      child.stdout.on('data', forward);
      child.stderr.on('data', forward);
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command.tool} ${command.args[0]} failed (exit ${code})`)),
      );
    });
}

/** A dry run: the commands, in order, as they would run; nothing is sent anywhere. */
export const printRunner =
  (config: Partial<HostedConfig>, log: (line: string) => void): Runner =>
  async (command) =>
    log(`$ ${showCommand(command, config)}`);

interface HostedOptions {
  run: Runner;
  /** The repository: a SUPABASE_DB_CA that names a file is read relative to it. */
  root: string;
  dryRun: boolean;
  workDir: string;
  commit: string;
  log: (line: string) => void;
  /** Test only: fakes of the Supabase and Cloudflare APIs the preflight asks (preflight.ts, APIS). */
  apis?: Apis;
}

type AddressKey = 'SUPABASE_PROJECT_REF' | 'SUPABASE_ANON_KEY' | 'SITE_URL' | 'ADMIN_URL';

const hostedAddresses = (config: Pick<HostedConfig, AddressKey>): Addresses => ({
  siteUrl: config.SITE_URL.replace(/\/$/, ''),
  adminAppUrl: `${config.ADMIN_URL.replace(/\/$/, '')}/admin/`,
  apiUrl: `https://${config.SUPABASE_PROJECT_REF}.supabase.co`,
  anonKey: config.SUPABASE_ANON_KEY,
  cookieDomain: sessionCookieDomain(config.SITE_URL, config.ADMIN_URL),
});

/** `wrangler pages deploy` of a staged folder as the given Pages project's production deployment. */
const pagesDeploy = (
  project: string,
  dir: string,
  config: Pick<HostedConfig, 'CLOUDFLARE_ACCOUNT_ID' | 'CLOUDFLARE_API_TOKEN'>,
  options: HostedOptions,
) =>
  options.run({
    tool: 'wrangler',
    args: [
      'pages',
      'deploy',
      dir,
      `--project-name=${project}`,
      '--branch=main',
      `--commit-hash=${options.commit}`,
      '--commit-dirty=false',
    ],
    env: {
      CLOUDFLARE_ACCOUNT_ID: config.CLOUDFLARE_ACCOUNT_ID,
      CLOUDFLARE_API_TOKEN: config.CLOUDFLARE_API_TOKEN,
      ...WRANGLER_ENV,
    },
  });

const refuseDirtyTree = (dirty: string[]) => {
  if (dirty.length > 0)
    throw new Error(
      `Uncommitted changes: a release is made from a commit, so that what is live can be found again.\n  ${dirty.join('\n  ')}`,
    );
};

/** The commit the live site names (shared/src/releaseMarker.ts); null when it names none (not released yet). */
export async function liveRelease(siteUrl: string): Promise<string | null> {
  const res = await fetch(`${siteUrl}/release.txt`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`${siteUrl}/release.txt answered ${res.status}`);
  return parseMarker(text)?.commit ?? null;
}

/** A content publish's target: the public site's Pages project, and the key it reports with. */
export function hostedSiteTarget(name: string, config: SiteConfig, options: HostedOptions): SiteTarget {
  const addresses = hostedAddresses(config);
  return {
    name,
    addresses,
    serviceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY,
    liveRelease: () => liveRelease(addresses.siteUrl),
    cleanTree: refuseDirtyTree,
    // A content publish uploads the public site only: its Pages project is what it must reach.
    async proveAccess(log) {
      const site = { name: config.PAGES_PROJECT_SITE, setting: 'PAGES_PROJECT_SITE' };
      if (options.dryRun) return log(`(dry run) would ask Cloudflare for ${site.name} with CLOUDFLARE_API_TOKEN`);
      const cloudflare = (options.apis ?? APIS).cloudflare;
      await proveAll(
        [() => checkPagesProject(config.CLOUDFLARE_ACCOUNT_ID, config.CLOUDFLARE_API_TOKEN, site, cloudflare)],
        log,
      );
    },
    async upload(project, dir) {
      if (project !== 'site') throw new Error('a content publish uploads the public site only');
      await pagesDeploy(config.PAGES_PROJECT_SITE, dir, config, options);
    },
    close: async () => {},
  };
}

export function hostedTarget(name: string, config: ReleaseConfig, options: HostedOptions): Target {
  const ref = config.SUPABASE_PROJECT_REF;
  const supabaseEnv = { SUPABASE_ACCESS_TOKEN: config.SUPABASE_ACCESS_TOKEN };
  const supabase = (...args: string[]) => options.run({ tool: 'supabase', args: [...args, '--yes'], env: supabaseEnv });
  const addresses = hostedAddresses(config);
  // Read when first needed, so that a CA file that cannot be read is a preflight problem.
  const dbCa = () => readCa(config.SUPABASE_DB_CA, options.root);
  return {
    name,
    addresses,
    cleanTree: refuseDirtyTree,
    async proveAccess(log) {
      if (options.dryRun)
        return log(
          '(dry run) would prove SUPABASE_ACCESS_TOKEN, SUPABASE_DB_URL, CLOUDFLARE_API_TOKEN (both Pages projects), ' +
            'the SMTP login and the publish hook token',
        );
      const apis = options.apis ?? APIS;
      const pages = (name: string, setting: string) => () =>
        checkPagesProject(
          config.CLOUDFLARE_ACCOUNT_ID,
          config.CLOUDFLARE_API_TOKEN,
          { name, setting },
          apis.cloudflare,
        );
      await proveAll(
        [
          () => checkSupabaseProject(ref, config.SUPABASE_ACCESS_TOKEN, apis.supabase),
          pages(config.PAGES_PROJECT_SITE, 'PAGES_PROJECT_SITE'),
          pages(config.PAGES_PROJECT_ADMIN, 'PAGES_PROJECT_ADMIN'),
          () =>
            checkSmtp({
              host: config.SMTP_HOST,
              port: Number(config.SMTP_PORT),
              user: config.SMTP_USER,
              pass: config.SMTP_PASS,
            }),
          // The release never calls the publish hook, but a dead token stops every content
          // publish after it; its token is in Vault, read through the database once it connects.
          async () => {
            const ca = dbCa();
            const connected = await checkDatabase(config.SUPABASE_DB_URL, ca, 'SUPABASE_DB_URL');
            const hook = await readPublishHook(config.SUPABASE_DB_URL, ca).catch((error: Error) => {
              throw new Error(`Vault publish_hook_token could not be read through SUPABASE_DB_URL (${error.message})`);
            });
            return [connected, await checkPublishHook(hook)];
          },
        ],
        log,
      );
    },
    async recordedMigrations() {
      if (options.dryRun) {
        options.log('(dry run) would read supabase_migrations.schema_migrations through $SUPABASE_DB_URL');
        return [];
      }
      return readRecordedMigrations(config.SUPABASE_DB_URL, dbCa());
    },
    pushMigrations() {
      // The CLI reads its CA from a file: SUPABASE_DB_CA names one, or holds the PEM (CI).
      const ca = config.SUPABASE_DB_CA.trim();
      const rootCert = isPem(ca) ? path.join(options.workDir, 'supabase-db-ca.crt') : path.resolve(options.root, ca);
      if (isPem(ca)) writeFileSync(rootCert, `${ca}\n`);
      const push = dbPush(config.SUPABASE_DB_URL, rootCert);
      return options.run({ tool: 'supabase', args: push.args, env: { ...supabaseEnv, ...push.env } });
    },
    // --use-api: bundled by Supabase, no Docker on the machine that releases.
    deployFunctions: (names) => supabase('functions', 'deploy', ...names, `--remote=${ref}`, '--use-api'),
    functionSecrets: () => ({
      SMTP_HOST: config.SMTP_HOST,
      SMTP_PORT: config.SMTP_PORT,
      SMTP_USER: config.SMTP_USER,
      SMTP_PASS: config.SMTP_PASS,
      SMTP_FROM: config.SMTP_FROM,
      PUBLIC_SITE_URL: addresses.siteUrl,
    }),
    async setSecrets(secrets) {
      // In a file, so that no value is on a command line (visible to other processes).
      const file = path.join(options.workDir, 'function-secrets.env');
      writeFileSync(file, envFile(secrets), { mode: 0o600 });
      chmodSync(file, 0o600);
      await supabase('secrets', 'set', `--remote=${ref}`, `--env-file=${file}`);
    },
    authTarget: () => ({
      projectId: ref,
      siteUrl: addresses.siteUrl,
      adminAppUrl: addresses.adminAppUrl,
      smtp: {
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        user: config.SMTP_USER,
        pass: config.SMTP_PASS,
        from: config.SMTP_FROM,
      },
    }),
    pushAuthConfig: (workDir) => supabase('config', 'push', `--remote=${ref}`, `--workdir=${workDir}`),
    upload: (project, dir) =>
      pagesDeploy(project === 'site' ? config.PAGES_PROJECT_SITE : config.PAGES_PROJECT_ADMIN, dir, config, options),
    close: async () => {},
  };
}
