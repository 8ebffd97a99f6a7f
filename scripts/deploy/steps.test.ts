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
  return release(target, { root, workDir, dryRun: true, commit: 'c0ffee', log: () => {} }, STEPS);
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

  it('a content publish reaches the target only to upload the public site', async () => {
    const { target, calls } = fakeTarget([]);
    const site: SiteTarget = { ...target, serviceRoleKey: 's' };
    workDir = mkdtempSync(path.join(tmpdir(), 'release-steps-'));
    await release(site, { root, workDir, dryRun: true, commit: 'c0ffee', log: () => {} }, SITE_STEPS);
    expect(calls).toEqual(['cleanTree', 'upload site']);
  });
});
