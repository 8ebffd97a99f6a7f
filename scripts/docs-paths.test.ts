// Every file path the docs name exists: README.md, docs/*.md and the README.md beside the code.
// A path is a Markdown link's target (relative to the doc's folder) or a word that looks like
// one: in inline code and code blocks, anything with a known top-level folder or a source
// file's extension; in prose, anything under a known top-level folder. URLs, site paths (`/en`),
// globs, placeholders (`<id>`, `…`) and what is git-ignored (`.data/`, `dist/`) are not paths.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Folders that are generated or ignored: never walked, and a path through one is not checked. */
const IGNORED = new Set([
  'node_modules',
  '.git',
  '.data',
  'dist',
  '.turbo',
  'coverage',
  'test-results',
  'playwright-report',
  '.tmp',
  '.temp',
  '.branches',
  '.wrangler',
  'backups',
  // Git-ignored files of settings and secrets.
  '.env',
  'deploy.env',
]);
/** Paths in Supabase's own repositories, which the docs cite as their sources. */
const UPSTREAM = new Set(['src/http/routes/operations.ts']);
/** The checklist's example content type ("partners"), which does not exist. */
const EXAMPLES: Record<string, RegExp> = { 'docs/adding-a-content-type.md': /partner/i };
/** A word with a slash and one of these endings is a path wherever it is relative to. */
const PATH_EXTENSION = /\.(tsx?|mts|mjs|cjs|js|json|md|sql|css|toml|ya?ml|sh|example)$/;
/** A bare file name with one of these endings names a file of the repository. */
const FILE_EXTENSION = /^[\w-][\w.-]*\.(tsx?|mts|mjs|sql|md|css)$/;
/** Characters of placeholders, globs, URLs, options and code, never of a path here. */
const NOT_A_PATH = /[<>…*{}$=|\\[\]?#%&!,;"'`]|:\/\/|^[-/~@.]?$|^[/~@-]/;

/** Every file and folder of the repository (relative, with `/`), the ignored ones left out. */
function repositoryEntries(): Set<string> {
  const entries = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (IGNORED.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      entries.add(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return entries;
}

interface Reference {
  /** As the doc wrote it. */
  path: string;
  line: number;
  /** A Markdown link: relative to the doc's folder only. */
  link: boolean;
}

/** The paths a Markdown text names. `topLevel`: the repository's top-level files and folders. */
function referencedPaths(markdown: string, topLevel: Set<string>): Reference[] {
  const found: Reference[] = [];
  const lines = markdown.split('\n');
  const top = [...topLevel].map((name) => name.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const underTopLevel = new RegExp(`(?<![\\w./-])(?:${top})/[\\w./@-]*`, 'g');
  // `prose`: only under a top-level folder, and only a file or a folder written with its `/`
  // (not `supabase/storage`, the name of Supabase's repository).
  const word = (raw: string, line: number, prose = false) => {
    const path = raw.replace(/^[("'[]+/, '').replace(/[)"'\],.;:]+$/, '');
    if (NOT_A_PATH.test(path) || UPSTREAM.has(path)) return;
    const first = path.split('/')[0]!;
    const relativeToDoc = first === '.' || first === '..';
    const isPath = prose
      ? PATH_EXTENSION.test(path) || path.endsWith('/')
      : (path.includes('/') &&
          (topLevel.has(first) || relativeToDoc || (PATH_EXTENSION.test(path) && !first.startsWith('.')))) ||
        FILE_EXTENSION.test(path) ||
        topLevel.has(path);
    if (isPath) found.push({ path, line, link: false });
  };
  let fence = false;
  lines.forEach((text, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(text)) {
      fence = !fence;
      return;
    }
    if (fence) {
      for (const token of text.split(/\s+/)) word(token, line);
      return;
    }
    let prose = text;
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = decodeURI(match[1]!.split('#')[0]!);
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) found.push({ path: target, line, link: true });
      prose = prose.replace(match[0], ' ');
    }
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      for (const token of match[1]!.split(/\s+/)) word(token, line);
      prose = prose.replace(match[0], ' ');
    }
    prose = prose.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
    for (const match of prose.matchAll(underTopLevel)) word(match[0], line, true);
  });
  return found;
}

/**
 * Whether a reference names an entry of the repository: a link from the doc's folder; any other
 * path from the repository's root or the doc's folder, or, for a path written from inside a
 * package (`src/lib/data.ts`), as the end of one.
 */
function exists(reference: Reference, docDir: string, entries: Set<string>): boolean {
  const inRepository = (path: string) => {
    const clean = posix.normalize(path).replace(/\/$/, '');
    return clean === '.' || entries.has(clean);
  };
  const path = reference.path;
  if (path.split('/').some((segment) => IGNORED.has(segment))) return true;
  if (reference.link) return inRepository(posix.join(docDir, path));
  if (inRepository(path) || inRepository(posix.join(docDir, path))) return true;
  if (/^\.\.?\//.test(path)) return false;
  const tail = `/${path.replace(/\/$/, '')}`;
  for (const entry of entries) if (entry.endsWith(tail)) return true;
  return false;
}

const entries = repositoryEntries();
const topLevel = new Set([...entries].filter((e) => !e.includes('/')));
const docs = [...entries].filter((e) => /(^|\/)README\.md$/.test(e) || /^docs\/[^/]+\.md$/.test(e)).sort();

describe('paths named by the docs', () => {
  it('finds the docs: the README, docs/*.md and the READMEs beside the code', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/operations.md');
    expect(docs).toContain('admin-console/README.md');
  });

  it('tells a made-up path from real ones, however it is written', () => {
    const doc = [
      'Run `npx tsx scripts/start.ts --reset` ([the ops](../docs/operations.md#backups)).',
      'See docs/decisions.md, `ra-messages.test.ts`, `scripts/made-up.ts` and [x](nowhere.md).',
      '```sh',
      'npx tsx supabase/local-stack/src/no-such-file.ts',
      '```',
      'Built, not kept: `public-site/dist/_headers`. Not paths: `/en/events/<id>`, `supabase/migrations/…`,',
      '`.data/bench.json`, `--target=local`, supabase/storage (a repository), https://x.org/a/b.md.',
    ].join('\n');
    const references = referencedPaths(doc, topLevel);
    expect(references.map((r) => r.path).sort()).toEqual(
      [
        '../docs/operations.md',
        'docs/decisions.md',
        'nowhere.md',
        'public-site/dist/_headers',
        'ra-messages.test.ts',
        'scripts/made-up.ts',
        'scripts/start.ts',
        'supabase/local-stack/src/no-such-file.ts',
      ].sort(),
    );
    const missing = references.filter((r) => !exists(r, 'admin-console', entries)).map((r) => r.path);
    expect(missing.sort()).toEqual(
      ['nowhere.md', 'ra-messages.test.ts', 'scripts/made-up.ts', 'supabase/local-stack/src/no-such-file.ts'].sort(),
    );
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const docDir = posix.dirname(doc);
    const text = readFileSync(join(root, doc), 'utf8');
    const missing = referencedPaths(text, topLevel)
      .filter((reference) => !EXAMPLES[doc]?.test(reference.path))
      .filter((reference) => !exists(reference, docDir, entries))
      .map((reference) => `line ${reference.line}: ${reference.path}`);
    expect(missing).toEqual([]);
  });
});
