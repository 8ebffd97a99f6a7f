// Initial JavaScript of the built console (the entry script plus its modulepreloads in
// dist/index.html), gzip-compressed; exits 1 above the 450 KB budget (DESIGN.md).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const budget = 450 * 1024;
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS (gzip), budget 450 KB`);
process.exit(total > budget ? 1 : 0);
