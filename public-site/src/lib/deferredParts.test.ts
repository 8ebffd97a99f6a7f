import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFERRED_PARTS, isDeferredPartChunk } from './deferredParts';

const src = join(import.meta.dirname, '..');

/** The modules every `deferred(…)` call of the app imports, by file name. */
function deferredImports(): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || entry.includes('.test.') || entry.endsWith('deferred.tsx')) continue;
    const code = readFileSync(join(src, entry), 'utf8');
    for (const call of code.matchAll(/\bdeferred(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'/g))
      names.push(basename(call[1]!).replace(/\.tsx?$/, ''));
  }
  return names.sort();
}

describe('deferred parts (deferredParts.ts)', () => {
  it('lists exactly the modules the app loads with deferred()', () => {
    expect(deferredImports()).toEqual([...DEFERRED_PARTS].sort());
  });

  it("knows a part's chunk by its name and hash, and no other", () => {
    expect(isDeferredPartChunk('assets/HomeSections-Bee8-GNZ.js')).toBe(true);
    expect(isDeferredPartChunk('assets/Footer-Bysk_fHN.js')).toBe(true);
    expect(isDeferredPartChunk('assets/EventCard-DgQ5cW-R.js')).toBe(false);
    expect(isDeferredPartChunk('assets/BigFooter-Bysk_fHN.js')).toBe(false);
  });
});
