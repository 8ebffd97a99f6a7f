import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localMigrations } from './drift.js';
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

describe('the release', () => {
  it('runs every step, in order, when the target recorded our migrations unchanged', async () => {
    const { target, calls } = fakeTarget(
      ours.map((m) => ({ version: m.version, name: m.file.slice(15, -4), statements: m.text.split(';') })),
    );
    await run(target);
    expect(calls).toEqual([
      'cleanTree',
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
    expect(calls.filter((c) => c !== 'cleanTree')).toEqual([]);
  });

  it('a content publish reaches the target only to upload the public site, the live commit checked twice', async () => {
    const { calls, publish } = siteTarget(['c0ffee', 'c0ffee']);
    await publish();
    expect(calls).toEqual(['cleanTree', 'liveRelease', 'liveRelease', 'upload site']);
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
