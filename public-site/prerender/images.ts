// Content photos copied into the site (see src/lib/siteImages.tsx): the prerender gives each
// stored photo a page shows a few widths, each as AVIF and WebP (sharp), under names made of the
// photo's content hash (`img/<hash>-<width>.<avif|webp>`, cached for a year by `_headers`), so a
// phone gets a photo its size from the connection it already has to the site. The files are
// kept in a cache beside the renderer (node_modules/.cache), so a rebuild or a publish encodes
// only new photos. A photo that cannot be read stays on Storage (the page falls back to it).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { SiteImage } from '../src/lib/siteImages.tsx';

/** Widths the copies are made in (never wider than the photo itself). */
export const IMAGE_WIDTHS = [320, 480, 720, 1080, 1600];

/** The folder of the site the copies are written to (and their URL path). */
export const IMAGE_DIR = 'img';

const cacheDir = resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'site-images');

/** The widths of the copies of a photo `width` pixels wide: the list's up to it, and itself. */
export function copyWidths(width: number): number[] {
  const widest = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  return [...IMAGE_WIDTHS.filter((w) => w < widest), widest];
}

/** Writes `data` to `target` whole (by a rename), so a concurrent reader never sees half a file. */
function writeWhole(target: string, data: Buffer): void {
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, target);
}

/**
 * Makes (or takes from the cache) the copies of the photo whose bytes are `original` and writes
 * them into `siteDir`; returns what a page needs to show them.
 */
export async function copyImage(original: Buffer, siteDir: string): Promise<SiteImage> {
  const hash = createHash('sha256').update(original).digest('hex').slice(0, 16);
  const { width = 0, height = 0 } = await sharp(original)
    .rotate()
    .metadata()
    .then((m) =>
      // An EXIF orientation of 5–8 turns the photo a quarter: its shown width is its stored height.
      (m.orientation ?? 1) >= 5 ? { width: m.height, height: m.width } : m,
    );
  if (!(width > 0 && height > 0)) throw new Error('not an image');
  const widths = copyWidths(width);
  const files: Record<'avif' | 'webp', string[]> = { avif: [], webp: [] };
  for (const w of widths) {
    for (const format of ['avif', 'webp'] as const) {
      const name = `${hash}-${w}.${format}`;
      const cached = join(cacheDir, name);
      if (!existsSync(cached)) {
        const resized = sharp(original).rotate().resize({ width: w, withoutEnlargement: true });
        const encoded =
          format === 'avif'
            ? await resized.avif({ quality: 50, effort: 2 }).toBuffer()
            : await resized.webp({ quality: 72 }).toBuffer();
        writeWhole(cached, encoded);
      }
      const target = join(siteDir, IMAGE_DIR, name);
      if (!existsSync(target)) {
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(cached, target);
      }
      files[format].push(`/${IMAGE_DIR}/${name} ${w}w`);
    }
  }
  const middle = widths[Math.min(widths.length - 1, 2)]!;
  return {
    width,
    height,
    avif: files.avif.join(', '),
    webp: files.webp.join(', '),
    src: `/${IMAGE_DIR}/${hash}-${middle}.webp`,
  };
}

/**
 * The site's copies of stored photos, made once per build or publish: `copy(paths)` downloads
 * each new path (its largest stored version) and makes its copies; `images` holds the results.
 */
export function imageCopier(options: {
  siteDir: string;
  /** The public URL of a stored path (Storage of the API the site is built for). */
  url: (path: string) => string | null;
  warn: (line: string) => void;
}) {
  const images: Record<string, SiteImage> = {};
  const tried = new Set<string>();
  return {
    images,
    /** Whether any of `paths` has not been tried yet. */
    hasNew: (paths: string[]) => paths.some((p) => !tried.has(p)),
    async copy(paths: string[]): Promise<void> {
      for (const path of paths) {
        if (tried.has(path)) continue;
        tried.add(path);
        const url = options.url(path);
        if (!url) continue;
        try {
          const response = await fetch(url);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          images[path] = await copyImage(Buffer.from(await response.arrayBuffer()), options.siteDir);
        } catch (error) {
          options.warn(
            `prerender: ${path} stays on Storage (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      }
    },
  };
}
