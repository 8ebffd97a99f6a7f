// The site's copies of content photos: widths never above the photo's own, AVIF and WebP files
// named by the content's hash, written into the site and reused from the cache.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { copyImage, copyWidths, imageCopier } from './images';

const site = mkdtempSync(join(tmpdir(), 'site-images-'));
afterAll(() => rmSync(site, { recursive: true, force: true }));

const photo = (width: number, height: number, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();

describe('copyWidths', () => {
  it('never makes a copy wider than the photo, and keeps its own width', () => {
    expect(copyWidths(1600)).toEqual([320, 480, 720, 1080, 1600]);
    expect(copyWidths(4000)).toEqual([320, 480, 720, 1080, 1600]);
    expect(copyWidths(600)).toEqual([320, 480, 600]);
    expect(copyWidths(200)).toEqual([200]);
  });
});

describe('copyImage', () => {
  it('writes AVIF and WebP copies under hashed names and describes them for srcset', async () => {
    const image = await copyImage(await photo(900, 600), site);
    expect(image).toMatchObject({ width: 900, height: 600 });
    const avif = image.avif.split(', ');
    const webp = image.webp.split(', ');
    expect(avif.map((s) => s.split(' ')[1])).toEqual(['320w', '480w', '720w', '900w']);
    expect(webp.map((s) => s.split(' ')[1])).toEqual(['320w', '480w', '720w', '900w']);
    for (const entry of [...avif, ...webp]) {
      const url = entry.split(' ')[0]!;
      expect(url).toMatch(/^\/img\/[0-9a-f]{16}-\d+\.(avif|webp)$/);
      const file = join(site, url);
      const meta = await sharp(readFileSync(file)).metadata();
      expect(meta.format).toBe(url.endsWith('.avif') ? 'heif' : 'webp');
      expect(`${meta.width}w`).toBe(entry.split(' ')[1]);
    }
    expect(image.src).toMatch(/-720\.webp$/);
  });

  it('names copies by content: the same photo the same names, another photo others', async () => {
    const a = await copyImage(await photo(400, 300), site);
    const again = await copyImage(await photo(400, 300), site);
    const other = await copyImage(await photo(400, 300, 10), site);
    expect(again).toEqual(a);
    expect(other.src).not.toBe(a.src);
  });
});

describe('imageCopier', () => {
  it('copies each path once and leaves a photo it cannot fetch on Storage, with a warning', async () => {
    const bytes = await photo(500, 500);
    const fetched: string[] = [];
    const warnings: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      return url.endsWith('missing.jpg') ? new Response('no', { status: 404 }) : new Response(new Uint8Array(bytes));
    }) as typeof fetch;
    try {
      const copier = imageCopier({ siteDir: site, url: (p) => `http://storage/${p}`, warn: (l) => warnings.push(l) });
      expect(copier.hasNew(['events/a.jpg'])).toBe(true);
      await copier.copy(['events/a.jpg', 'events/missing.jpg']);
      await copier.copy(['events/a.jpg']);
      expect(fetched).toEqual(['http://storage/events/a.jpg', 'http://storage/events/missing.jpg']);
      expect(copier.hasNew(['events/a.jpg', 'events/missing.jpg'])).toBe(false);
      expect(Object.keys(copier.images)).toEqual(['events/a.jpg']);
      expect(existsSync(join(site, copier.images['events/a.jpg']!.src))).toBe(true);
      expect(warnings).toEqual([expect.stringContaining('events/missing.jpg stays on Storage (HTTP 404)')]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
