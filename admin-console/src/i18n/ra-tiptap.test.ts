import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { raTiptap } from './ra-tiptap';

// Every `ra.tiptap.*` key the installed editor's code asks for, read from the package itself, so
// an upgrade that adds a button fails here instead of showing a raw key to staff.
const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve('ra-input-rich-text'));
const keys = new Set<string>();
for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }))
  if (file.endsWith('.js'))
    for (const m of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/'ra\.tiptap\.([a-z0-9_]+)'/g))
      keys.add(m[1]!);

describe('the rich-text editor’s texts', () => {
  it('finds the editor’s keys', () => {
    expect(keys.size).toBeGreaterThan(10);
  });
  it.each(['ar', 'en', 'tr'] as const)('%s has every key the editor asks for', (lang) => {
    expect([...keys].filter((k) => !raTiptap[lang][k])).toEqual([]);
  });
});
