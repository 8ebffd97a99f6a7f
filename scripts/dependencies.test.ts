// Every package a workspace imports is declared in that workspace's package.json (dependencies,
// devDependencies or peerDependencies): npm's hoisting makes an undeclared import work by
// accident, until a version of another workspace moves it. Imports are read by TypeScript's own
// pre-processor (static, dynamic and type-only imports, re-exports, require).
// Tooling every workspace shares is declared once at the root: tests and config files may take
// the root's devDependencies (vitest, Playwright, …).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Package;
const workspaces = ['.', ...(rootPackage.workspaces as string[])];

interface Package {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  overrides?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
/** package-lock.json: every installed copy of every package, by its path in node_modules. */
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean; os?: string[]; cpu?: string[] }>;
};
const declared = (p: Package) =>
  new Set([
    ...Object.keys(p.dependencies ?? {}),
    ...Object.keys(p.devDependencies ?? {}),
    ...Object.keys(p.peerDependencies ?? {}),
  ]);

/** The workspace a file belongs to: the longest workspace folder that contains it. */
const workspaceOf = (file: string): string =>
  workspaces.filter((w) => w === '.' || file.startsWith(`${w}/`)).sort((a, b) => b.length - a.length)[0]!;

/** 'lodash/fp' → 'lodash', '@mui/material/Box' → '@mui/material'; null for paths, builtins and Deno specifiers. */
export function packageName(specifier: string): string | null {
  if (/^(\.|\/|node:|npm:|jsr:|https?:|virtual:|data:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

const isToolingFile = (file: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) ||
  /(^|\/)(vite|vitest|playwright|eslint)\.config\.[cm]?[jt]s$/.test(file) ||
  /(^|\/)(e2e|test|tests)\//.test(file);

// Folders that hold no source of ours (installed, built, generated or run-time data).
const SKIP = new Set(['node_modules', 'dist', '.data', '.git', '.temp', '.turbo', 'test-results', 'playwright-report']);

/** The repository's source files (walked, not `git ls-files`: CI may run on a plain copy). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

function undeclaredImports(): string[] {
  const files = sourceFiles('.').filter((f) => !f.endsWith('.d.ts') && !f.startsWith('supabase/functions/'));
  const rootDeclared = declared(rootPackage);
  const problems: string[] = [];
  for (const file of files) {
    const workspace = workspaceOf(file);
    const pkg = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Package;
    const own = declared(pkg);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const name = packageName(fileName);
      if (!name || name === pkg.name || own.has(name) || own.has(`@types/${name.replace(/^@(.*)\//, '$1__')}`))
        continue;
      if (isToolingFile(file) && rootDeclared.has(name)) continue;
      problems.push(`${file} imports ${name}, not declared in ${join(workspace, 'package.json')}`);
    }
  }
  return problems;
}

describe('declared dependencies', () => {
  it('names packages as npm does', () => {
    expect(packageName('@mui/material/Box')).toBe('@mui/material');
    expect(packageName('lodash/fp')).toBe('lodash');
    expect(packageName('node:fs')).toBeNull();
    expect(packageName('fs/promises')).toBeNull();
    expect(packageName('npm:nodemailer@10')).toBeNull();
    expect(packageName('../shared/src/config.ts')).toBeNull();
    expect(dirname('a/b')).toBe('a');
  });

  it('every imported package is declared in its workspace', () => {
    expect(undeclaredImports()).toEqual([]);
  });
});

describe('install scripts', () => {
  // npm 11.16+ lists dependencies whose install scripts nobody approved in package.json's
  // allowScripts, and npm 12 skips them: without theirs, Postgres, Deno, workerd (wrangler),
  // esbuild and sharp are installed without their binaries and the stack cannot start.
  it('every package with an install script that npm installs here is approved in allowScripts', () => {
    const fits = (values: string[] | undefined, value: string) => !values || values.includes(value);
    const unapproved = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript && fits(p.os, process.platform) && fits(p.cpu, process.arch))
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => rootPackage.allowScripts?.[name] !== true);
    expect(unapproved).toEqual([]);
  });
});

describe('one copy of each', () => {
  const copies = (name: string) =>
    Object.entries(lock.packages)
      .filter(([path]) => path.endsWith(`node_modules/${name}`))
      .map(([path, p]) => `${path}@${p.version}`);

  // Two axe-core versions gave the accessibility tests and Lighthouse different rules; two
  // stylis versions put two CSS compilers into the console's bundle.
  it.each(['axe-core', 'stylis'])('%s is installed once', (name) => {
    expect(copies(name)).toHaveLength(1);
  });

  // nodemailer's advisories are fixed on its current major only (10). Which major is current
  // cannot be known offline: this keeps the floor.
  it('nodemailer is on major 10 or later, the one with its advisories fixed', () => {
    const installed = lock.packages['node_modules/nodemailer']?.version ?? '0';
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(10);
  });

  it('send-mail imports the nodemailer the repository installs (Deno reads it from node_modules)', () => {
    const source = readFileSync(join(root, 'supabase/functions/send-mail/index.ts'), 'utf8');
    const imported = /npm:nodemailer@([\d.]+)/.exec(source)?.[1];
    const installed = lock.packages['node_modules/nodemailer']?.version;
    expect(imported).toBe(installed);
    const localStack = JSON.parse(readFileSync(join(root, 'supabase/local-stack/package.json'), 'utf8')) as Package;
    expect(localStack.dependencies?.nodemailer).toBe(`^${installed}`);
  });

  // supabase-js and the packages it is made of are released together, on one version number: each
  // installed once, all on the same version, which the root's overrides, every workspace's pin
  // and the Edge Functions' npm: imports name (Deno reads them from node_modules).
  const SUPABASE = ['supabase-js', 'auth-js', 'postgrest-js', 'storage-js', 'functions-js', 'realtime-js'].map(
    (name) => `@supabase/${name}`,
  );
  it('@supabase/* is installed once, on one version, the one every pin and every function names', () => {
    const version = lock.packages['node_modules/@supabase/supabase-js']?.version;
    expect(version).toMatch(/^2\.\d+\.\d+$/);
    expect(SUPABASE.flatMap(copies)).toEqual(SUPABASE.map((name) => `node_modules/${name}@${version}`));
    const pins = workspaces.flatMap((w) => {
      const pkg = JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8')) as Package;
      return [pkg.overrides, pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].flatMap((deps) =>
        Object.entries(deps ?? {})
          .filter(([name]) => SUPABASE.includes(name))
          .map(([name, range]) => `${join(w, 'package.json')} ${name} ${range}`),
      );
    });
    expect(pins.length).toBeGreaterThanOrEqual(SUPABASE.length);
    expect(pins.filter((pin) => !pin.endsWith(` ${version}`))).toEqual([]);
    const functionsDir = join(root, 'supabase/functions');
    const imports = readdirSync(functionsDir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
      .flatMap((entry) =>
        [
          ...readFileSync(join(entry.parentPath, entry.name), 'utf8').matchAll(
            /['"]npm:(@supabase\/[\w-]+)@([^'"/]+)/g,
          ),
        ].map((m) => `${m[1]}@${m[2]}`),
      );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => i !== `@supabase/supabase-js@${version}`)).toEqual([]);
  });

  it('the functions import the jose the repository installs (Deno reads it from node_modules)', () => {
    const source = readFileSync(join(root, 'supabase/functions/_shared/service-caller.ts'), 'utf8');
    const imported = /npm:jose@([\d.]+)/.exec(source)?.[1];
    const installed = lock.packages['node_modules/jose']?.version;
    expect(imported).toBe(installed);
  });
});
