// Edge Functions that deploy: `supabase functions deploy --use-api` (no Docker) uploads each
// function with the files its relative imports reach, and Supabase's bundler refuses a file above
// supabase/functions (supabase/cli issue 3467). So every module of every function's graph, as
// Deno resolves it (`deno info --json`, the real Deno of the local stack), is inside
// supabase/functions, or an npm package named by an `npm:` specifier. Code shared with the apps
// is generated into supabase/functions/_shared (scripts/bundle-functions-shared.ts): it must be
// what a fresh build gives.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { denoBinary } from '../local-stack/src/functions.ts';
import { BUNDLES, GEN_FUNCTIONS_COMMAND, bundle } from '../../scripts/bundle-functions-shared.ts';
import { repoRoot } from './helpers.ts';

const functionsDir = path.join(repoRoot, 'supabase', 'functions');

interface Dependency {
  specifier: string;
  code?: { specifier?: string };
  type?: { specifier?: string };
}
interface Module {
  specifier: string;
  kind?: string;
  error?: string;
  dependencies?: Dependency[];
}

/** Deno's module graph of one entry point. */
function moduleGraph(entry: string, config: string): Module[] {
  const run = spawnSync(denoBinary(), ['info', '--json', '--config', config, entry], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      DENO_DIR: path.join(repoRoot, 'supabase', '.temp', 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    },
  });
  expect(run.status, `deno info ${entry}:\n${run.stderr}`).toBe(0);
  return (JSON.parse(run.stdout) as { modules: Module[] }).modules;
}

/** What in a graph would not be uploaded with the function folder: each as one line. */
export function modulesOutside(modules: Module[], root: string): string[] {
  const inside = (specifier: string) =>
    specifier.startsWith('file:') && !path.relative(root, fileURLToPath(specifier)).startsWith('..');
  const problems: string[] = [];
  const fromNpm = new Set<string>();
  for (const m of modules) {
    if (m.error) problems.push(`${m.specifier}: ${m.error}`);
    for (const d of m.dependencies ?? []) {
      if (d.specifier.startsWith('npm:')) {
        for (const s of [d.code?.specifier, d.type?.specifier]) if (s) fromNpm.add(s);
      } else if (!/^(jsr|https):/.test(d.specifier) && !inside(d.code?.specifier ?? d.specifier)) {
        problems.push(`${m.specifier} imports ${d.specifier}`);
      }
    }
  }
  for (const m of modules) {
    if (!inside(m.specifier) && !fromNpm.has(m.specifier) && !/^(jsr|https|npm):/.test(m.specifier)) {
      problems.push(`${m.specifier} is outside ${root}`);
    }
  }
  return problems;
}

const functions = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(functionsDir, d.name, 'index.ts')))
  .map((d) => d.name);

describe('Edge Functions’ module graphs', () => {
  it('finds the functions', () => {
    expect(functions).toEqual(expect.arrayContaining(['admin-users', 'send-mail']));
  });

  it.each(functions)('%s imports nothing outside supabase/functions but npm packages', (name) => {
    const modules = moduleGraph(path.join(functionsDir, name, 'index.ts'), path.join(functionsDir, 'deno.json'));
    expect(modules.length).toBeGreaterThan(1);
    expect(modulesOutside(modules, functionsDir)).toEqual([]);
  });

  it('send-mail takes the mail renderer from supabase/functions/_shared', () => {
    const modules = moduleGraph(path.join(functionsDir, 'send-mail', 'index.ts'), path.join(functionsDir, 'deno.json'));
    expect(modules.map((m) => m.specifier)).toContain(
      pathToFileURL(path.join(functionsDir, '_shared', 'mail.js')).href,
    );
  });

  it('admin-users takes the email and password rules from supabase/functions/_shared', () => {
    const modules = moduleGraph(
      path.join(functionsDir, 'admin-users', 'index.ts'),
      path.join(functionsDir, 'deno.json'),
    );
    expect(modules.map((m) => m.specifier)).toContain(
      pathToFileURL(path.join(functionsDir, '_shared', 'validation.js')).href,
    );
  });

  it('fails on a function that imports a file from a parent folder (as send-mail once did)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-functions-'));
    try {
      const root = path.join(dir, 'supabase', 'functions');
      fs.mkdirSync(path.join(root, 'bad'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'shared'));
      fs.writeFileSync(path.join(dir, 'shared', 'text.ts'), 'export const text = "hi";\n');
      fs.writeFileSync(path.join(root, 'deno.json'), '{}\n');
      fs.writeFileSync(
        path.join(root, 'bad', 'index.ts'),
        'import { text } from "../../../shared/text.ts";\nDeno.serve(() => new Response(text));\n',
      );
      const problems = modulesOutside(
        moduleGraph(path.join(root, 'bad', 'index.ts'), path.join(root, 'deno.json')),
        root,
      );
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/bad\/index\.ts imports \.\.\/\.\.\/\.\.\/shared\/text\.ts$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('supabase/functions/_shared', () => {
  it.each(BUNDLES.map((b) => [b.out, b.entry] as const))('%s is a fresh build of %s', async (out, entry) => {
    const fresh = await bundle(entry, out);
    expect(fs.readFileSync(path.join(repoRoot, out), 'utf8'), `stale: run \`${GEN_FUNCTIONS_COMMAND}\``).toBe(fresh);
  });
});
