// The release, one list of steps, the same for every target (target.ts). A step that fails stops
// the release there; the steps before it are not undone (docs/operations.md says what to do).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApps, buildPublicSite } from '../lib/build-apps.js';
import { stageConsole, stageSite } from '../lib/pages.js';
import { localAddresses, writeTargetConfig } from './auth-config.js';
import { driftAdvice, localMigrations, migrationDrift } from './drift.js';
import { checkMigrationLock } from './preflight.js';
import { deployableFunctions, unsetVariables, variablesRead } from './functions.js';
import { smokeTest } from './smoke.js';
import { type ReleaseMarker } from '../../shared/src/releaseMarker.js';
import type { Addresses, SiteTarget, Target } from './target.js';

export interface ReleaseContext {
  root: string;
  /** Scratch space of this release (builds, staged folders, the target's config.toml). */
  workDir: string;
  /** Print what would run; build, upload and smoke-test nothing. */
  dryRun: boolean;
  /** The commit being released and this run's id: the public site's /release.txt (shared/src/releaseMarker.ts). */
  marker: ReleaseMarker;
  log: (line: string) => void;
}

export interface Step<T = Target> {
  name: string;
  /** What is live on the target once the step has run; absent for a step that changes nothing there. */
  live?: string;
  run(target: T, ctx: ReleaseContext): Promise<void>;
}

/** `git status --porcelain`: uncommitted and untracked files. */
export function dirtyFiles(root: string): string[] {
  const out = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git status failed: ${out.stderr}`);
  return out.stdout.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The build settings of a target's apps. RELEASE_COMMIT and RELEASE_STAMP make the public site's
 * build write /release.txt (shared/src/releaseMarker.ts), which a content publish and the smoke test read.
 */
function releaseEnv(a: Addresses, marker: ReleaseMarker, log: (line: string) => void): Record<string, string> {
  const env = {
    VITE_SUPABASE_URL: a.apiUrl,
    VITE_SUPABASE_ANON_KEY: a.anonKey,
    VITE_PUBLIC_SITE_URL: a.siteUrl,
    VITE_ADMIN_URL: a.adminAppUrl,
    VITE_SESSION_COOKIE_DOMAIN: a.cookieDomain,
  };
  log(
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  );
  return { ...env, RELEASE_COMMIT: marker.commit, RELEASE_STAMP: marker.stamp };
}

/**
 * The apps built against the target and staged for upload in `workDir/stage`: the public site,
 * and the console unless `withConsole` is false (a content publish; the site's build after the
 * migrations).
 */
async function buildAndStage(a: Addresses, { workDir, dryRun, marker, log }: ReleaseContext, withConsole: boolean) {
  const env = releaseEnv(a, marker, log);
  if (dryRun) return log('(dry run) not built: the public site reads its content from the target as it builds');
  const build = path.join(workDir, 'build');
  const builds = withConsole ? await buildApps(build, env) : { publicDir: await buildPublicSite(build, env) };
  mkdirSync(path.join(workDir, 'stage'), { recursive: true });
  stageSite(builds.publicDir, path.join(workDir, 'stage', 'site'));
  if ('adminDir' in builds) stageConsole(builds.adminDir, builds.publicDir, path.join(workDir, 'stage', 'admin'));
}

const smoke = async (a: Addresses, { dryRun, marker, log }: ReleaseContext, withConsole: boolean) => {
  if (dryRun)
    return log(`(dry run) would check ${[a.siteUrl, ...(withConsole ? [a.adminAppUrl] : []), a.apiUrl].join(', ')}`);
  await smokeTest({ ...a, marker, withConsole }, log);
};

export const STEPS: Step[] = [
  {
    name: 'preflight: the migrations as locked, a clean tree, every credential and target, migrations already applied unchanged',
    async run(target, { root, log }) {
      log(checkMigrationLock(root));
      target.cleanTree(dirtyFiles(root));
      const functionsDir = path.join(root, 'supabase', 'functions');
      const unset = unsetVariables(
        variablesRead(functionsDir, deployableFunctions(functionsDir)),
        target.functionSecrets(),
      );
      if (unset.length > 0) throw new Error(`the functions read ${unset.join(', ')}, which this release does not set`);
      await target.proveAccess(log);
      const recorded = await target.recordedMigrations();
      const problems = migrationDrift(recorded, localMigrations(path.join(root, 'supabase', 'migrations')));
      if (problems.length > 0)
        throw new Error(`the target's migrations differ from the files:\n  ${problems.join('\n  ')}\n${driftAdvice}`);
      log(`${recorded.length} migration(s) recorded on the target, each unchanged here`);
    },
  },
  {
    // Before anything changes: code that does not build stops the release with nothing live.
    name: 'both apps built against the target',
    run: (target, ctx) => buildAndStage(target.addresses, ctx, true),
  },
  {
    name: 'migrations (supabase db push)',
    live: 'the new migrations',
    run: (target) => target.pushMigrations(),
  },
  {
    name: 'Edge Functions',
    live: 'the Edge Functions',
    run: (target, { root }) => target.deployFunctions(deployableFunctions(path.join(root, 'supabase', 'functions'))),
  },
  {
    name: "the functions' secrets",
    live: "the functions' secrets",
    run: (target) => target.setSecrets(target.functionSecrets()),
  },
  {
    name: 'auth settings and mail templates',
    live: 'the auth settings and mail templates',
    async run(target, { root, workDir, log }) {
      const auth = target.authTarget();
      const dir = writeTargetConfig(root, path.join(workDir, 'auth-config'), auth);
      const written = readFileSync(path.join(dir, 'supabase', 'config.toml'), 'utf8');
      // The local target is the one place local addresses belong.
      const local = localAddresses(written);
      if (target.name !== 'local' && local.length > 0)
        throw new Error(`the auth settings for ${target.name} hold local addresses: ${local.join(', ')}`);
      log(`${path.relative(workDir, dir)}/supabase/config.toml: [auth] for ${auth.siteUrl} and ${auth.adminAppUrl}`);
      await target.pushAuthConfig(dir);
    },
  },
  {
    // The pages hold the target's content as its migrated schema serves it; the browser app is
    // the same code as step 2's.
    name: 'the public site built again, with the content of the migrated target',
    run: (target, ctx) => buildAndStage(target.addresses, ctx, false),
  },
  {
    name: 'upload: the public site',
    live: 'the public site',
    run: (target, { workDir }) => target.upload('site', path.join(workDir, 'stage', 'site')),
  },
  {
    name: 'upload: the console',
    live: 'the console',
    run: (target, { workDir }) => target.upload('admin', path.join(workDir, 'stage', 'admin')),
  },
  {
    name: 'smoke test of the live sites and API',
    run: (target, ctx) => smoke(target.addresses, ctx, true),
  },
];

/**
 * A content publish: the public site built again from the commit that is live, against the
 * target's content, and put live. Nothing else changes (no migration, function or setting: a
 * release does those), so it runs unattended when staff save content (docs/operations.md,
 * "Publishing").
 */
export const SITE_STEPS: Step<SiteTarget>[] = [
  {
    name: 'preflight: a clean tree, the commit that is live, the Pages project',
    async run(target, { root, marker, log }) {
      target.cleanTree(dirtyFiles(root));
      await mustBeLive(target, marker.commit, log);
      await target.proveAccess(log);
    },
  },
  {
    name: 'the public site built against the target',
    run: (target, ctx) => buildAndStage(target.addresses, ctx, false),
  },
  {
    name: 'upload: the public site, if its commit is still the live one',
    live: 'the public site',
    async run(target, { workDir, marker, log }) {
      // A release may have gone live during the build: its code must not be replaced by older code.
      await mustBeLive(target, marker.commit, log);
      await target.upload('site', path.join(workDir, 'stage', 'site'));
    },
  },
  {
    name: 'smoke test of the live site and API',
    run: (target, ctx) => smoke(target.addresses, ctx, false),
  },
];

/**
 * A content publish builds the code that is live, with new content: it refuses other code (a
 * checkout of something else, or a release that went live since it started; the next publish
 * builds that one). A fresh local target serves nothing before its first upload.
 */
async function mustBeLive(target: SiteTarget, commit: string, log: (line: string) => void) {
  const live = await target.liveRelease();
  if (live === null && target.name === 'local') return log('nothing is live on this fresh local target yet');
  if (live === null)
    throw new Error(`${target.addresses.siteUrl}/release.txt names no release: release first (docs/operations.md)`);
  if (live !== commit)
    throw new Error(
      `the live site runs ${live}, this checkout is ${commit}: a content publish builds the commit that is live`,
    );
  log(`the live site runs this commit (${commit.slice(0, 12)})`);
}

/**
 * Runs every step in order, numbered; stops at the first that fails. Its error says what is live
 * on the target (the steps that changed it), and with `again`, the command that finishes the
 * release: every step can run twice (a pushed migration is skipped, the rest is replaced).
 */
export async function release<T extends { name: string }>(
  target: T,
  ctx: ReleaseContext,
  steps: Step<T>[],
  again?: string,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const t0 = Date.now();
    ctx.log(`\n[${index + 1}/${steps.length}] ${step.name}`);
    try {
      await step.run(target, { ...ctx, log: (line) => ctx.log(`    ${line}`) });
    } catch (error) {
      const failed = `step ${index + 1} (${step.name}) failed: ${(error as Error).message}`;
      const live = ctx.dryRun
        ? `Nothing was changed on ${target.name} (a dry run).`
        : whatIsLive(target.name, steps, index, again);
      throw new Error(`${failed}\n${live}`, { cause: error });
    }
    ctx.log(`    done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

/** After step `failed` (its index) stopped a release: what is live, what is not, how to finish. */
export function whatIsLive<T>(targetName: string, steps: Step<T>[], failed: number, again?: string): string {
  const done = steps.slice(0, failed).filter((s) => s.live);
  const partly = steps[failed]?.live;
  if (done.length === 0 && !partly) return `Nothing was changed on ${targetName}.`;
  const lines = [
    done.length > 0
      ? `Live on ${targetName} from this run: ${done.map((s) => `${s.live} (step ${steps.indexOf(s) + 1})`).join(', ')}.`
      : `Nothing before step ${failed + 1} changed ${targetName}.`,
    ...(partly ? [`Step ${failed + 1} may have put part of ${partly} live before it failed.`] : []),
    `Not done: ${steps
      .slice(failed)
      .map((s, i) => `step ${failed + i + 1} (${s.name})`)
      .join(', ')}.`,
  ];
  if (again)
    lines.push(
      `Fix the cause and run the same command again, \`${again}\`: it finishes the release ` +
        '(migrations already applied are skipped; functions, secrets, settings and uploads are pushed again).',
    );
  return lines.join('\n');
}
