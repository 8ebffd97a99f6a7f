import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS, chunkGroupOf } from './chunkGroups';

const root = resolve(import.meta.dirname, '../..');
const listed = Object.values(CHUNK_GROUPS).flat();

/** A module's static imports (not `import type`, not `import()`), as files, within the repository. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [statement, specifier] of code.matchAll(/^\s*(?:import|export)\b[^'";]*?(?:from\s*)?'([^']+)'/gm)) {
    if (/^\s*(?:import|export)\s+type\b/.test(statement)) continue;
    const target = resolveImport(file, specifier!);
    if (target) found.push(target);
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@union/shared/')) base = join(root, '../shared/src', specifier.slice(14));
  else if (specifier === '@union/shared') base = join(root, '../shared/src/index');
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`])
    if (existsSync(candidate) && !candidate.endsWith('.css')) return candidate;
  return null;
}

/** Every module the entry reaches through static imports: the home page's first scripts. */
function entryGraph(): Set<string> {
  const seen = new Set<string>();
  const queue = [join(root, 'src/entry-client.tsx')];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe('chunk groups (chunkGroups.ts)', () => {
  it('lists modules that exist, each in one group', () => {
    for (const module of listed) expect(existsSync(resolve(root, module)), module).toBe(true);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("holds nothing of the entry's static imports (it would leave the home page's first chunk)", () => {
    const graph = entryGraph();
    // The walk itself works: it reaches modules several imports deep.
    expect(graph).toContain(join(root, 'src/features/home/Hero.tsx'));
    expect(graph).toContain(join(root, '../shared/src/format.ts'));
    expect(listed.filter((module) => graph.has(resolve(root, module)))).toEqual([]);
  });

  it('names the group of a module by its absolute path, and none for the others', () => {
    expect(chunkGroupOf(join(root, 'src/components/Icon.tsx'), root)).toBe('kit');
    expect(chunkGroupOf(join(root, '../shared/src/ics.ts'), root)).toBe('events');
    expect(chunkGroupOf(join(root, 'src/features/events/EventsPage.tsx'), root)).toBeNull();
    expect(chunkGroupOf('\0rolldown/runtime.js', root)).toBeNull();
  });
});
