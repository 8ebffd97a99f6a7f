// No import cycles in the workspaces' source: a cycle makes a module's exports depend on the order
// in which its importers are first loaded (an import is `undefined` during the circle's
// evaluation) and ties the files of a circle into one unit that cannot be moved or split.
// The graph is every import of a relative path: static, dynamic and type-only ones, and
// re-exports. `import type` and `import()` do not bind at load time, but a circle through them
// still ties its files together (the console's registry and its resources, through the pages
// each resource loads on demand, were one of 20 files; the public site's head and its tags two).
// `require()` and `vi.mock()` are not read: the source imports with `import`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The source folders whose modules are checked (the Edge Functions are Deno's and generated in part). */
const ROOTS = [
  'admin-console/src',
  'public-site/src',
  'public-site/prerender',
  'shared/src',
  'supabase/local-stack/src',
  'scripts',
];

const SKIP = new Set(['node_modules', 'dist', '.data', '.turbo', 'fixtures']);
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** A relative specifier's file, as Vite, tsx and TypeScript's Bundler resolution find it. */
function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts'].map((ext) => stem + ext),
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((c) => SOURCE.test(c) && isFile(c)) ?? null;
}

/** A module specifier a node names: import and export declarations, `import()` and `import('…').T`. */
function specifierOf(node: ts.Node): string | undefined {
  const literal =
    ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
      ? node.moduleSpecifier
      : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
        ? node.arguments[0]
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
          ? node.argument.literal
          : undefined;
  return literal && ts.isStringLiteralLike(literal) ? literal.text : undefined;
}

/**
 * A file's imports of relative paths, resolved. Parsed, not read by `ts.preProcessFile`: its
 * token scan loses every import after some code (after line 44 of scripts/bench/apps.ts).
 */
function importsOf(file: string): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    const specifier = specifierOf(node);
    const target = specifier?.startsWith('.') ? resolveRelative(file, specifier) : null;
    if (target) out.push(target);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The import cycles among the files under `dirs` and the files they reach: each strongly
 * connected component of more than one file (or a file importing itself), as sorted paths
 * relative to `base` (Tarjan's algorithm).
 */
export function importCycles(base: string, dirs: readonly string[]): string[][] {
  const graph = new Map<string, string[]>();
  const pending = dirs.flatMap((d) => sourceFiles(join(base, d)));
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = file.includes('/node_modules/') ? [] : importsOf(file);
    graph.set(file, targets);
    pending.push(...targets.filter((t) => !graph.has(t)));
  }

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file))
      cycles.push(component.map((f) => relative(base, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds circles through type-only and dynamic imports and re-exports', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'import-cycles-'));
    try {
      const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
      write('a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
      write('b.ts', "export * from './c';\nexport type B = string;\n");
      write('c.ts', "import { type A } from './a.ts';\nexport const c = (a: A) => a;\n");
      write('d.ts', "export const d = () => import('./e');\n");
      write('e.ts', "import { d } from './d';\nexport const e = d;\n");
      write('f.ts', "import { d } from './d';\nexport const f = d;\n");
      expect(importCycles(dir, ['.']).sort()).toEqual([
        ['a.ts', 'b.ts', 'c.ts'],
        ['d.ts', 'e.ts'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Parses every source file: seconds, more on a busy machine than vitest's default 5 s.
  it('there are none in the source', { timeout: 60_000 }, () => {
    expect(importCycles(root, ROOTS)).toEqual([]);
  });
});
