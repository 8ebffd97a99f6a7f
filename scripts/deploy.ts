// `npm run deploy`: the whole release in one command (docs/operations.md).
//   npm run deploy                          to the hosted project of deploy.env (or the environment)
//   npm run deploy -- --target=staging      to the one of deploy.staging.env
//   npm run deploy -- --dry-run             print every command, secrets masked; change nothing
//   npm run deploy -- --target=local        the same steps against a fresh local stack and
//                                           `wrangler pages dev` (what `npm test` runs); add
//                                           --keep to leave it serving until Ctrl-C
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, mask, readHostedConfig, type HostedConfig } from './deploy/config.js';
import { execRunner, hostedTarget, printRunner } from './deploy/hosted.js';
import { localTarget } from './deploy/local.js';
import { release } from './deploy/steps.js';
import type { Target } from './deploy/target.js';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const targetName = option('target') ?? 'production';
const dryRun = argv.includes('--dry-run');
const keep = argv.includes('--keep');
const unknown = argv.filter((a) => !/^--(target=.+|dry-run|keep)$/.test(a));
if (unknown.length > 0 || (dryRun && targetName === 'local')) {
  console.error(
    unknown.length > 0
      ? `Unknown option(s): ${unknown.join(' ')}`
      : '--dry-run is for a hosted target (a local release changes only this machine)',
  );
  process.exit(2);
}

let config: HostedConfig | undefined;
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

let target: Target | undefined;
let failed = false;
try {
  if (targetName === 'local') target = await localTarget(workDir, log);
  else {
    config = readHostedConfig(root, targetName);
    const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    target = hostedTarget(targetName, config, {
      run: dryRun ? printRunner(config, log) : execRunner(root, config, log),
      dryRun,
      workDir,
      commit,
      log,
    });
  }
  log(`Release to ${targetName}${dryRun ? ' (dry run: nothing is changed)' : ''}`);
  await release(target, { root, workDir, dryRun, log });
  const a = target.addresses;
  log(`\nReleased to ${targetName} in ${((Date.now() - t0) / 1000).toFixed(0)} s:`);
  log(`  public site    ${a.siteUrl}/\n  admin console  ${a.adminAppUrl}\n  API            ${a.apiUrl}`);
} catch (error) {
  failed = true;
  console.error(
    `\n${error instanceof ConfigError ? '' : 'Release failed: '}${mask((error as Error).message, config ?? {})}`,
  );
}

if (keep && !failed && target) {
  log('\nServing until Ctrl-C.');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
}
await target?.close();
if (targetName !== 'local') rmSync(workDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
