// The renderer a build leaves behind so that the local stack can publish content changes by
// re-running only the prerender (prerender/publish.ts), without building the browser app again:
// the client's HTML template and Vite manifest (before the prerender fills and removes them)
// and the app built for Node. Kept outside the site (visitors never get it), in this
// workspace's node_modules, one folder per output folder.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const workspace = resolve(import.meta.dirname, '..');

/** Where the renderer of the site built into `outDir` lives. */
export const rendererDir = (outDir: string): string =>
  join(workspace, 'node_modules', '.renderer', createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 16));

/** Layout of a renderer folder: what prerender() reads as its clientDir and serverDir. */
export const RENDERER = {
  template: 'index.html',
  manifest: join('.vite', 'manifest.json'),
  server: 'server',
  /** Present while a full build writes the site: a publish then stands aside. */
  building: 'building',
};

/** Marks a full build of `outDir` as running (until saveRenderer): a publish refuses meanwhile. */
export function markBuilding(outDir: string): void {
  mkdirSync(rendererDir(outDir), { recursive: true });
  writeFileSync(join(rendererDir(outDir), RENDERER.building), String(process.pid));
}

/**
 * Saves the renderer of a fresh build: the client's template and manifest and the app built for
 * Node (called before the prerender fills the one and removes the others).
 */
export function saveRenderer(clientDir: string, serverDir: string): void {
  const dir = rendererDir(clientDir);
  for (const part of [RENDERER.template, '.vite', RENDERER.server])
    rmSync(join(dir, part), { recursive: true, force: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  cpSync(join(clientDir, RENDERER.template), join(dir, RENDERER.template));
  cpSync(join(clientDir, RENDERER.manifest), join(dir, RENDERER.manifest));
  cpSync(serverDir, join(dir, RENDERER.server), { recursive: true });
}

/** Ends the mark of markBuilding (after the build's own prerender). */
export const buildDone = (outDir: string): void =>
  rmSync(join(rendererDir(outDir), RENDERER.building), { force: true });
