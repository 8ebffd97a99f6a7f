// Publishes content changes into a built site without building the browser app again: the
// prerender runs alone (with the renderer the build saved, prerender/renderer.ts) into a staging
// folder, and the pages are then moved into the served folder one by one, each by a rename, so
// a visitor always gets a whole file, old or new (never half written), whatever serves the
// folder. The order keeps links whole: new event pages first, then the pages and files that
// list them (lists, home, sitemap, calendar feeds), and only then the pages of deleted events.
// Only files the prerender writes change: the hashed scripts and styles are those of the build;
// the copies of content photos (prerender/images.ts) are added, never replaced.
//
// Run by the local stack's publisher (supabase/local-stack/src/publisher.ts) as
//   tsx public-site/prerender/publish.ts <site folder>
// A hosted site is published by a full build instead (docs/operations.md, "Publishing").
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { IMAGE_DIR } from './images.ts';
import { prerender } from './prerender.ts';
import { RENDERER, rendererDir } from './renderer.ts';
import type { ContentChange } from '../src/entry-server.tsx';
import { ITEM_FOLDERS, itemFolder } from '../src/itemRoutes.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page of one row of an item route (an event's, a news item's; not the fallback 404 page): the
 * only pages that come and go. Its folder (without the leading slash) and id are groups 2 and 3.
 */
export const ITEM_PAGE = new RegExp(
  `(^|/)(${ITEM_FOLDERS.map((folder) => escapeRegExp(folder.slice(1))).join('|')})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.html$`,
  'i',
);

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Replaces `target` with a copy of `source` by a rename in the target's folder (atomic). */
function replaceFile(source: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.publishing-${process.pid}-${target.split('/').pop()}`);
  copyFileSync(source, temporary);
  renameSync(temporary, target);
}

export interface Published {
  written: number;
  removed: string[];
}

/**
 * Publishes into `siteDir`: the pages `changes` touch (all of them without `changes`: a scheduled
 * or requested publish), the sitemap, the feeds, and the removal of deleted events' pages.
 */
export async function publish(
  siteDir: string,
  changes?: readonly ContentChange[],
  log: (line: string) => void = console.log,
): Promise<Published> {
  const renderer = rendererDir(siteDir);
  if (!existsSync(join(renderer, RENDERER.server)))
    throw new Error(`no renderer for ${siteDir}: build the site first (npm run build)`);
  const building = join(renderer, RENDERER.building);
  const buildRunning = () => {
    // A full build writes the whole site with fresh content anyway; a crashed one leaves its mark
    // with a dead pid, which does not count.
    if (!existsSync(building)) return false;
    try {
      process.kill(Number(readFileSync(building, 'utf8')), 0);
      return true;
    } catch {
      return false;
    }
  };
  if (buildRunning()) throw new Error('the site is being built: the build publishes the content');
  const template = statSync(join(renderer, RENDERER.template)).mtimeMs;
  // Staging beside the renderer, so that the app built for Node finds its packages.
  const staging = join(renderer, `pages-${process.pid}`);
  const serverDir = join(renderer, `server-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    mkdirSync(join(staging, '.vite'), { recursive: true });
    copyFileSync(join(renderer, RENDERER.template), join(staging, RENDERER.template));
    copyFileSync(join(renderer, RENDERER.manifest), join(staging, RENDERER.manifest));
    cpSync(join(renderer, RENDERER.server), serverDir, { recursive: true });
    let warning = '';
    // Pages without content must not replace pages with content: nothing is moved into the site
    // then, and the reason says so (it is what the publisher logs and reports).
    const { itemIds } = await prerender({
      root: staging,
      clientDir: staging,
      serverDir,
      changes,
      requireContent: true,
      log,
      warn: (line) => {
        log(line);
        if (/rendered without/.test(line)) warning ||= line.replace(/^prerender: /, '');
      },
    }).catch((error: unknown) => {
      throw new Error(`nothing published: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (warning) throw new Error(`nothing published: ${warning}`);

    if (buildRunning() || statSync(join(renderer, RENDERER.template)).mtimeMs !== template)
      throw new Error('the site was rebuilt meanwhile: the build publishes the content');
    // The staging folder starts with the template as its index.html: unless this publish wrote
    // the home page over it, it is not a page, and must not replace the site's home page.
    const templateText = readFileSync(join(renderer, RENDERER.template), 'utf8');
    const staged = files(staging).filter(
      (f) => f !== RENDERER.template || readFileSync(join(staging, f), 'utf8') !== templateText,
    );
    const itemPages = staged.filter((f) => ITEM_PAGE.test(f));
    const rest = staged.filter((f) => !ITEM_PAGE.test(f));
    for (const file of [...itemPages, ...rest]) {
      // A photo's copies are named by their content: one already in the site is this very file.
      if (file.startsWith(`${IMAGE_DIR}/`) && existsSync(join(siteDir, file))) continue;
      replaceFile(join(staging, file), join(siteDir, file));
    }
    // The page of an item that is gone (an event deleted, a news item deleted or unpublished).
    const live = new Set(
      Object.entries(itemIds).flatMap(([path, ids]) =>
        ids.map((id) => `${itemFolder(path).slice(1).toLowerCase()}/${id.toLowerCase()}`),
      ),
    );
    const removed = files(siteDir).filter((f) => {
      const match = ITEM_PAGE.exec(f);
      return match !== null && !live.has(`${match[2]!.toLowerCase()}/${match[3]!.toLowerCase()}`);
    });
    for (const file of removed) rmSync(join(siteDir, file), { force: true });
    return { written: staged.length, removed };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const siteDir = process.argv[2];
  if (!siteDir) {
    console.error('usage: tsx public-site/prerender/publish.ts <site folder> [--when-asked]');
    process.exit(2);
  }
  // React's production build, as `vite build` renders with (read when the renderer is loaded).
  process.env.NODE_ENV = 'production';
  const run = (changes?: ContentChange[]) => {
    const started = Date.now();
    publish(siteDir, changes).then(
      ({ written, removed }) => {
        console.log(`published: ${written} files written, ${removed.length} removed in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        // The last line is the reason the publisher reports to the database.
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      },
    );
  };
  // --when-asked: loaded ahead and waiting for a line on stdin (the local publisher keeps one
  // such process ready, so a publish does not wait for TypeScript to load): the JSON list of the
  // changes to publish, or null for every page. Gone with its parent.
  if (process.argv.includes('--when-asked')) {
    let input = '';
    process.stdin.on('data', (chunk: Buffer) => {
      input += chunk.toString();
      if (input.includes('\n')) run((JSON.parse(input) as ContentChange[] | null) ?? undefined);
    });
    process.stdin.once('end', () => process.exit(0));
  } else run();
}
