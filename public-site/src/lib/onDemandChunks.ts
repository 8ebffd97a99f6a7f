// The chunks of a part that loads on demand (components/onDemand.tsx): its own and every chunk it
// imports, which the build writes into the code that loads it (vite.config.ts, onDemandChunks).
// Before importing the part, the browser fetches them: a chunk that cannot arrive (offline) then
// fails that fetch, not the import. A module that failed to load stays failed for the page's life
// in browsers that keep failures in HTML's module map (Chromium 150 among them; whatwg/html#10327
// changes that), so an import that failed once could never succeed, and "Try again" showed the
// error for ever. onDemandChunks.test.ts checks every onDemand call against the code.

/** What an onDemand call passes (`ON_DEMAND_MARKER` + the module's file name); the build replaces it. */
export const ON_DEMAND_MARKER = '__UNION_ON_DEMAND__';

/** The build's replacement of a marker: the chunks' paths under the site's base, comma-separated. */
export const formatChunkList = (files: readonly string[]): string => files.join(',');

/** The chunks a marker stands for: none when the build did not replace it (development, the prerender). */
export const parseChunkList = (text: string | undefined): string[] =>
  !text || text.startsWith(ON_DEMAND_MARKER) ? [] : text.split(',');

/** `file` and every chunk it imports, from the bundle's chunks' static imports. */
export function chunkWithImports(file: string, importsOf: (file: string) => readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of importsOf(name) ?? []) visit(imported);
  };
  visit(file);
  return [...seen];
}
