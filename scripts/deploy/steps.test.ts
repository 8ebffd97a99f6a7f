import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localMigrations, type RecordedMigration } from './drift.js';
import { release, SITE_STEPS, STEPS } from './steps.js';
import type { SiteTarget, Target } from './target.js';

const root = path.resolve(import.meta.dirname, '../..');
const ours = localMigrations(path.join(root, 'supabase', 'migrations'));

let workDir: string;
afterEach(() => rmSync(workDir, { recursive: true, force: true }));

/** A target that records which steps reached it, and reports the given migration record. */
function fakeTarget(recorded: Awaited<ReturnType<Target['recordedMigrations']>>) {
  const calls: string[] = [];
  const target: Target = {
    name: 'fake',
    addresses: {
      siteUrl: 'https://u.example',
      adminAppUrl: 'https://admin.u.example/admin/',
      apiUrl: 'https://x.supabase.co',
      anonKey: 'a',
      cookieDomain: 'u.example',
    },
    cleanTree: () => calls.push('cleanTree'),
    proveAccess: async () => void calls.push('proveAccess'),
    recordedMigrations: async () => recorded,
    pushMigrations: async () => void calls.push('pushMigrations'),
    deployFunctions: async () => void calls.push('deployFunctions'),
    functionSecrets: () => ({
      SMTP_HOST: 'h',
      SMTP_PORT: '1',
      SMTP_USER: '',
      SMTP_PASS: '',
      SMTP_FROM: 'f',
      PUBLIC_SITE_URL: 'https://u.example',
    }),
    setSecrets: async () => void calls.push('setSecrets'),
    authTarget: () => ({ projectId: 'p', siteUrl: 'https://u.example', adminAppUrl: 'https://admin.u.example/admin/' }),
    pushAuthConfig: async () => void calls.push('pushAuthConfig'),
    upload: async (project) => void calls.push(`upload ${project}`),
    close: async () => {},
  };
  return { target, calls };
}

const run = (target: Target) => {
  workDir = mkdtempSync(path.join(tmpdir(), 'release-steps-'));
  return release(
    target,
    { root, workDir, dryRun: true, marker: { commit: 'c0ffee', stamp: 'run-1' }, log: () => {} },
    STEPS,
  );
};

/**
 * The release's steps for a fake target, really run (not a dry run), with the builds and the
 * smoke test left out: they need a stack, and the sequence is what these tests are about.
 */
const UNBUILT = STEPS.map((step) => (/built|smoke/.test(step.name) ? { ...step, run: async () => {} } : step));
const runFor = (target: Target, from = root, again?: string) => {
  workDir = mkdtempSync(path.join(tmpdir(), 'release-steps-'));
  const ctx = { root: from, workDir, dryRun: false, marker: { commit: 'c0ffee', stamp: 'run-1' }, log: () => {} };
  return release(target, ctx, UNBUILT, again);
};

describe('the release', () => {
  it('runs every step, in order, when the target recorded our migrations unchanged', async () => {
    const { target, calls } = fakeTarget(
      ours.map((m) => ({ version: m.version, name: m.file.slice(15, -4), statements: m.text.split(';') })),
    );
    await run(target);
    expect(calls).toEqual([
      'cleanTree',
      'proveAccess',
      'pushMigrations',
      'deployFunctions',
      'setSecrets',
      'pushAuthConfig',
      'upload site',
      'upload admin',
    ]);
  });

  it('stops before changing anything when a released migration was edited', async () => {
    const first = ours[0]!;
    const { target, calls } = fakeTarget([
      { version: first.version, name: null, statements: [`${first.text}\ncreate table sneaky (id int)`] },
    ]);
    const error = await run(target).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toContain('step 1 (preflight');
    expect(error).toContain(`${first.file}: changed since it was applied to the target`);
    expect(calls.filter((c) => c !== 'cleanTree' && c !== 'proveAccess')).toEqual([]);
  });

  it('a content publish reaches the target only to upload the public site, the live commit checked twice', async () => {
    const { calls, publish } = siteTarget(['c0ffee', 'c0ffee']);
    await publish();
    expect(calls).toEqual(['cleanTree', 'liveRelease', 'proveAccess', 'liveRelease', 'upload site']);
  });

  it('a content publish refuses code that is not live, and a release that went live during its build', async () => {
    const other = siteTarget(['0ther']);
    expect(await other.publish().catch((e: Error) => e.message)).toMatch(
      /step 1 .*the live site runs 0ther, this checkout is c0ffee/,
    );
    expect(other.calls).not.toContain('upload site');
    const overtaken = siteTarget(['c0ffee', 'newer']);
    expect(await overtaken.publish().catch((e: Error) => e.message)).toMatch(/step 3 .*the live site runs newer/);
    expect(overtaken.calls).not.toContain('upload site');
    const nothing = siteTarget([null]);
    expect(await nothing.publish().catch((e: Error) => e.message)).toMatch(/names no release: release first/);
  });
});

/** A root whose supabase/ holds a copy of our migrations and their lock, to change freely. */
function copiedRoot(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'release-root-'));
  cpSync(path.join(root, 'supabase', 'migrations'), path.join(copy, 'supabase', 'migrations'), { recursive: true });
  cpSync(path.join(root, 'supabase', 'migrations.lock'), path.join(copy, 'supabase', 'migrations.lock'));
  return copy;
}

describe('the migration lock, on every target', () => {
  let copy: string;
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  const releaseFrom = async (from: string) => {
    const { target, calls } = fakeTarget([]);
    target.name = 'local';
    const error = await runFor(target, from).then(
      () => null,
      (e: Error) => e.message,
    );
    return { error, calls };
  };

  it('refuses an edited released migration before any step reaches the target, even a fresh local one', async () => {
    copy = copiedRoot();
    const first = ours[0]!;
    appendFileSync(path.join(copy, 'supabase', 'migrations', first.file), '\ncreate table sneaky (id int);\n');
    const { error, calls } = await releaseFrom(copy);
    expect(error).toMatch(new RegExp(`^step 1 \\(preflight[^\\n]*failed: supabase/migrations differs from`));
    expect(error).toContain(`${first.file}: changed`);
    expect(error).toContain('Nothing was changed on local.');
    expect(calls).toEqual([]);
  });

  it('refuses a migration the lock does not record (npm run db:lock forgotten)', async () => {
    copy = copiedRoot();
    writeFileSync(path.join(copy, 'supabase', 'migrations', '29991231235959_later.sql'), 'select 1;\n');
    const { error, calls } = await releaseFrom(copy);
    expect(error).toContain('migrations not recorded in supabase/migrations.lock: 29991231235959_later.sql');
    expect(error).toContain('npm run db:lock');
    expect(calls).toEqual([]);
  });
});

describe('a release interrupted after its migrations', () => {
  it('says what is live and finishes when the same command runs again', async () => {
    // A target that applies what its record lacks, as `supabase db push` does, and whose
    // console upload fails once.
    const { target, calls } = fakeTarget([]);
    const record: RecordedMigration[] = [];
    const applied: string[] = [];
    target.recordedMigrations = async () => [...record];
    target.pushMigrations = async () => {
      calls.push('pushMigrations');
      for (const m of ours)
        if (!record.some((r) => r.version === m.version)) {
          record.push({ version: m.version, name: m.file.slice(15, -4), statements: m.text.split(';') });
          applied.push(m.file);
        }
    };
    let uploadsRefused = 1;
    target.upload = async (project) => {
      calls.push(`upload ${project}`);
      if (project === 'admin' && uploadsRefused-- > 0) throw new Error('wrangler pages deploy failed (exit 1)');
    };
    const again = 'npm run deploy -- --target=staging';
    const runOnce = () => runFor(target, root, again);

    const error = await runOnce().then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toContain('step 9 (upload: the console) failed: wrangler pages deploy failed (exit 1)');
    expect(error).toContain(
      'Live on fake from this run: the new migrations (step 3), the Edge Functions (step 4), ' +
        "the functions' secrets (step 5), the auth settings and mail templates (step 6), the public site (step 8).",
    );
    expect(error).toContain('Not done: step 9 (upload: the console), step 10 (smoke test of the live sites and API).');
    expect(error).toContain(`run the same command again, \`${again}\`: it finishes the release`);
    expect(applied).toHaveLength(ours.length);
    rmSync(workDir, { recursive: true, force: true });

    calls.length = 0;
    await runOnce();
    // Nothing applied twice; everything else pushed again, the console's upload now through.
    expect(applied).toHaveLength(ours.length);
    expect(calls).toEqual([
      'cleanTree',
      'proveAccess',
      'pushMigrations',
      'deployFunctions',
      'setSecrets',
      'pushAuthConfig',
      'upload site',
      'upload admin',
    ]);
  });

  it('says nothing changed when it stops before the migrations', async () => {
    const { target } = fakeTarget([]);
    target.proveAccess = async () => {
      throw new Error('SUPABASE_ACCESS_TOKEN is refused');
    };
    expect(await runFor(target).catch((e: Error) => e.message)).toMatch(
      /^step 1 .*SUPABASE_ACCESS_TOKEN is refused\nNothing was changed on fake\.$/s,
    );
    // A dry run changes nothing whichever step stops it.
    const { target: late } = fakeTarget([]);
    late.upload = async () => {
      throw new Error('refused');
    };
    expect(await run(late).catch((e: Error) => e.message)).toMatch(
      /^step 8 .*refused\nNothing was changed on fake \(a dry run\)\.$/s,
    );
  });
});

/** A content publish's target whose live site names `live[i]` at the i-th look. */
function siteTarget(live: (string | null)[]) {
  const { target, calls } = fakeTarget([]);
  const site: SiteTarget = {
    ...target,
    serviceRoleKey: 's',
    liveRelease: async () => (calls.push('liveRelease'), live.shift() ?? null),
  };
  const publish = () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'release-steps-'));
    return release(
      site,
      { root, workDir, dryRun: true, marker: { commit: 'c0ffee', stamp: 'run-1' }, log: () => {} },
      SITE_STEPS,
    );
  };
  return { calls, publish };
}
