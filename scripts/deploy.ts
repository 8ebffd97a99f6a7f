// `npm run deploy`: the whole release in one command (docs/operations.md).
//   npm run deploy                          to the hosted project of deploy.env (or the environment)
//   npm run deploy -- --target=staging      to the one of deploy.staging.env
//   npm run deploy -- --dry-run             print every command, secrets masked; change nothing
//   npm run deploy -- --target=local        the same steps against a fresh local stack and
//                                           `wrangler pages dev` (what `npm test` runs); add
//                                           --keep to leave it serving until Ctrl-C
//   npm run deploy -- --site-only           a content publish: the public site alone, rebuilt
//                                           with the target's content and uploaded; with
//                                           --build-id=<uuid> it reports to the publish queue
//                                           (.github/workflows/publish.yml runs it). Locally it
//                                           claims a build itself, as the cron job would.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, mask, readHostedConfig, SITE_KEYS, type HostedConfig } from './deploy/config.js';
import { execRunner, hostedSiteTarget, hostedTarget, printRunner } from './deploy/hosted.js';
import { localTarget } from './deploy/local.js';
import { COMMIT } from '../shared/src/releaseMarker.js';
import { checkMigrationLock } from './deploy/preflight.js';
import { BUILD_ID, failureReason, messageOf, reportOutcome } from './deploy/report.js';
import { release, SITE_STEPS, STEPS, type Step } from './deploy/steps.js';
import type { Addresses, SiteTarget, Target } from './deploy/target.js';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const targetName = option('target') ?? 'production';
const dryRun = argv.includes('--dry-run');
const keep = argv.includes('--keep');
const siteOnly = argv.includes('--site-only');
let buildId = option('build-id') || undefined;
const unknown = argv.filter((a) => !/^--(target=.+|dry-run|keep|site-only|build-id=.*)$/.test(a));
const misuse =
  unknown.length > 0
    ? `Unknown option(s): ${unknown.join(' ')}`
    : dryRun && targetName === 'local'
      ? '--dry-run is for a hosted target (a local release changes only this machine)'
      : buildId !== undefined && !siteOnly
        ? '--build-id is for a content publish (--site-only)'
        : buildId !== undefined && !BUILD_ID.test(buildId)
          ? `--build-id must be the id the publish queue gave (a uuid), not ${buildId}`
          : null;
if (misuse) {
  console.error(misuse);
  process.exit(2);
}
const what = siteOnly ? 'Content publish' : 'Release';

let config: Partial<HostedConfig> | undefined;
const log = (line: string) => console.log(config ? mask(line, config) : line);
const t0 = Date.now();

// Scratch space: the local release keeps its stack and served folders in .data (git-ignored);
// a hosted one works in a private temporary folder, removed at the end (it briefly holds the
// functions' secrets and the SMTP password, each file 0600).
const workDir =
  targetName === 'local'
    ? path.join(root, '.data', 'deploy-local')
    : mkdtempSync(path.join(tmpdir(), 'union-release-'));
if (targetName === 'local') {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
}

const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
// This run's id, the second line of the site's /release.txt: the smoke test knows the site it
// reads is this upload's (shared/src/releaseMarker.ts).
const ctx = { root, workDir, dryRun, marker: { commit, stamp: randomUUID() }, log };
let target: Target | SiteTarget | undefined;
let failure: string | null = null;
try {
  if (!COMMIT.test(commit))
    throw new Error(`git rev-parse HEAD gave "${commit}": run this in a clone of the repository`);
  const hosted = { root, dryRun, workDir, commit, log };
  const runner = (c: Partial<HostedConfig>) => (dryRun ? printRunner(c, log) : execRunner(root, c, log));
  // A release stopped half way is finished by running it again; a failed publish, by the next one.
  const again = siteOnly ? undefined : ['npm run deploy', ...(argv.length ? ['--', ...argv] : [])].join(' ');
  /** Runs `steps` against `to`, the target the report below speaks of; gives its addresses. */
  const go = async <T extends Target | SiteTarget>(to: T, steps: Step<T>[]) => {
    log(`${what} to ${targetName}${dryRun ? ' (dry run: nothing is changed)' : ''}`);
    await release(to, ctx, steps, again);
    return to.addresses;
  };
  // The preflight checks the lock again; here it spares a local release the stack's start.
  if (!siteOnly) checkMigrationLock(root);
  let a: Addresses;
  if (targetName === 'local') {
    const local = (target = await localTarget(workDir, log));
    if (siteOnly) {
      buildId ??= await local.claimBuild();
      a = await go<SiteTarget>(local, SITE_STEPS);
    } else a = await go<Target>(local, STEPS);
  } else if (siteOnly) {
    const siteConfig = (config = readHostedConfig(root, targetName, process.env, SITE_KEYS));
    target = hostedSiteTarget(targetName, siteConfig, { ...hosted, run: runner(siteConfig) });
    a = await go(target, SITE_STEPS);
  } else {
    const releaseConfig = (config = readHostedConfig(root, targetName));
    target = hostedTarget(targetName, releaseConfig, { ...hosted, run: runner(releaseConfig) });
    a = await go(target, STEPS);
  }
  log(`\n${siteOnly ? 'Published' : 'Released'} to ${targetName} in ${((Date.now() - t0) / 1000).toFixed(0)} s:`);
  log(
    `  public site    ${a.siteUrl}/${siteOnly ? '' : `\n  admin console  ${a.adminAppUrl}`}\n  API            ${a.apiUrl}`,
  );
} catch (error) {
  failure = mask(messageOf(error), config ?? {});
  console.error(`\n${error instanceof ConfigError ? '' : `${what} failed: `}${failure}`);
}
let failed = failure !== null;

// The publish queue hears how its build went, a failure with its reason (masked), so that the
// console's dashboard says it and the build's changes wait for the next one.
if (buildId && target && 'serviceRoleKey' in target) {
  if (dryRun) log(`\n(dry run) would report build ${buildId} ${failed ? 'failed' : 'live'} to report_publish`);
  else {
    const to = { apiUrl: target.addresses.apiUrl, serviceRoleKey: target.serviceRoleKey };
    const reported = await reportOutcome(to, buildId, failure === null ? null : failureReason(failure), (line) =>
      log(`\n${line}`),
    );
    if (!reported) failed = true;
  }
}

if (keep && !failed && target) {
  log('\nServing until Ctrl-C.');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
}
await target?.close();
if (targetName !== 'local') rmSync(workDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
