import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkWithImports, formatChunkList, ON_DEMAND_MARKER, parseChunkList } from './onDemandChunks';

const src = join(import.meta.dirname, '..');

/** Every onDemand call of the app: the module it imports and the marker it passes. */
function onDemandCalls(): { module: string; marker: string | undefined }[] {
  const calls: { module: string; marker: string | undefined }[] = [];
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || entry.includes('.test.') || entry.endsWith('onDemand.tsx')) continue;
    const code = readFileSync(join(src, entry), 'utf8');
    for (const call of code.matchAll(/\bonDemand\(\s*\(\)\s*=>\s*import\('([^']+)'\)[^,]*,\s*(?:'([^']*)')?/g))
      calls.push({ module: basename(call[1]!).replace(/\.tsx?$/, ''), marker: call[2] });
  }
  return calls;
}

describe('on-demand chunks (onDemandChunks.ts)', () => {
  it("every onDemand call names the module it imports, written out for the build's replacement", () => {
    const calls = onDemandCalls();
    expect(calls.map((call) => call.module).sort()).toEqual(['EvaluationForm', 'LoanForm', 'RegistrationForm']);
    for (const call of calls) expect(call.marker).toBe(`${ON_DEMAND_MARKER}${call.module}`);
  });

  it('lists a chunk and every chunk it imports, once each, through cycles', () => {
    const imports: Record<string, string[]> = {
      'assets/Form-a.js': ['assets/vendor-b.js', 'assets/events-c.js'],
      'assets/events-c.js': ['assets/vendor-b.js', 'assets/Form-a.js', 'assets/kit-d.js'],
      'assets/kit-d.js': [],
    };
    expect(chunkWithImports('assets/Form-a.js', (file) => imports[file])).toEqual([
      'assets/Form-a.js',
      'assets/vendor-b.js',
      'assets/events-c.js',
      'assets/kit-d.js',
    ]);
  });

  it("reads the build's list back, and nothing from a marker left as it is (development, the prerender)", () => {
    const files = ['assets/Form-a.js', 'assets/kit-d.js'];
    expect(parseChunkList(formatChunkList(files))).toEqual(files);
    expect(parseChunkList(`${ON_DEMAND_MARKER}Form`)).toEqual([]);
    expect(parseChunkList(undefined)).toEqual([]);
  });
});
