import { describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_SIDE,
  IMAGE_SMALL_SIDE,
  fitWithin,
  imageObjectName,
  imageSources,
  imageVariants,
  sizedImageNames,
  smallImageUrl,
  storedImagePaths,
} from './storage';

const config = { supabaseUrl: 'http://h:1' };
const url = (path: string) => `http://h:1/storage/v1/object/public/images/${path}`;
const AT = new Date(1700000000000);

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the ratio', () => {
    expect(fitWithin(4032, 3024, IMAGE_MAX_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, IMAGE_MAX_SIDE)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1600, 900, IMAGE_SMALL_SIDE)).toEqual({ width: 480, height: 270 });
    expect(fitWithin(600, 900, IMAGE_SMALL_SIDE)).toEqual({ width: 320, height: 480 });
  });
  it('never enlarges, rounds to whole pixels, and keeps at least one pixel', () => {
    expect(fitWithin(300, 200, IMAGE_SMALL_SIDE)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(480, 480, IMAGE_SMALL_SIDE)).toEqual({ width: 480, height: 480 });
    expect(fitWithin(1000, 333, IMAGE_SMALL_SIDE)).toEqual({ width: 480, height: 160 });
    expect(fitWithin(1601, 1001, IMAGE_MAX_SIDE)).toEqual({ width: 1600, height: 1000 });
    expect(fitWithin(10000, 1, IMAGE_SMALL_SIDE)).toEqual({ width: 480, height: 1 });
  });
  it('refuses sizes that are not sizes', () => {
    expect(() => fitWithin(0, 10, 480)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10, 480)).toThrow(RangeError);
    expect(() => fitWithin(10, Number.POSITIVE_INFINITY, 480)).toThrow(RangeError);
    expect(() => fitWithin(10, 10, 0)).toThrow(RangeError);
  });
});

describe('sizedImageNames', () => {
  it('names the main image and its small variant after the original name, a timestamp and the size', () => {
    expect(sizedImageNames('events', 'Iftar Night (1).JPG', { width: 1600, height: 1200, ext: 'webp' }, AT)).toEqual({
      main: { path: 'events/Iftar-Night-1-1700000000000-1600x1200.webp', width: 1600, height: 1200 },
      small: { path: 'events/Iftar-Night-1-1700000000000-480x360.webp', width: 480, height: 360 },
    });
    expect(sizedImageNames('books', 'كتاب.heic', { width: 1067, height: 1600, ext: 'jpg' }, AT)).toEqual({
      main: { path: 'books/image-1700000000000-1067x1600.jpg', width: 1067, height: 1600 },
      small: { path: 'books/image-1700000000000-320x480.jpg', width: 320, height: 480 },
    });
  });
  it('has no small variant for an image no larger than the small side', () => {
    expect(sizedImageNames('board-members', 'me.png', { width: 480, height: 300, ext: 'webp' }, AT)).toEqual({
      main: { path: 'board-members/me-1700000000000-480x300.webp', width: 480, height: 300 },
    });
  });
  it('shares the URL-safe base with imageObjectName', () => {
    const kept = imageObjectName('achievements', 'Ödül töreni!.png', AT);
    const sized = sizedImageNames('achievements', 'Ödül töreni!.png', { width: 800, height: 600, ext: 'webp' }, AT).main
      .path;
    expect(kept).toBe('achievements/Odul-toreni-1700000000000.png');
    expect(sized).toBe('achievements/Odul-toreni-1700000000000-800x600.webp');
  });
  it('refuses a size that is not whole pixels', () => {
    expect(() => sizedImageNames('events', 'a.jpg', { width: 0, height: 10, ext: 'webp' }, AT)).toThrow(RangeError);
    expect(() => sizedImageNames('events', 'a.jpg', { width: 10.5, height: 10, ext: 'webp' }, AT)).toThrow(RangeError);
  });
});

describe('imageVariants', () => {
  it('reads the main size and derives the small variant from the name', () => {
    expect(imageVariants('events/welcome-evening-1767225600000-1600x900.webp')).toEqual({
      main: { path: 'events/welcome-evening-1767225600000-1600x900.webp', width: 1600, height: 900 },
      small: { path: 'events/welcome-evening-1767225600000-480x270.webp', width: 480, height: 270 },
    });
    expect(imageVariants('board-members/a-b-2-1-800x800.jpg')?.small).toEqual({
      path: 'board-members/a-b-2-1-480x480.jpg',
      width: 480,
      height: 480,
    });
    expect(imageVariants('books/x-1-320x480.webp')).toEqual({
      main: { path: 'books/x-1-320x480.webp', width: 320, height: 480 },
    });
  });
  it('round-trips the names sizedImageNames gives', () => {
    const names = sizedImageNames('events', 'photo-2-800x600.jpg', { width: 1600, height: 1067, ext: 'webp' }, AT);
    expect(imageVariants(names.main.path)).toEqual(names);
  });
  it('is null for older uploads, absolute URLs, other types and nothing', () => {
    for (const path of [
      'events/foo-123.png',
      'events/photo-800x600-1700000000000.webp',
      'events/a-1700000000000-800x600.png',
      'events/a-800x600.webp',
      'events/a-1-0x600.webp',
      'a-1-800x600.webp',
      '/events/a-1-800x600.webp',
      'https://cdn.example.org/events/a-1-800x600.webp',
      '',
      null,
      undefined,
    ]) {
      expect(imageVariants(path), String(path)).toBeNull();
    }
  });
});

describe('storedImagePaths', () => {
  it('lists the main image and its small variant, or just the path', () => {
    expect(storedImagePaths('events/a-1-1600x900.webp')).toEqual([
      'events/a-1-1600x900.webp',
      'events/a-1-480x270.webp',
    ]);
    expect(storedImagePaths('events/a-1-400x300.webp')).toEqual(['events/a-1-400x300.webp']);
    expect(storedImagePaths('events/foo-123.png')).toEqual(['events/foo-123.png']);
    expect(storedImagePaths(null)).toEqual([]);
    expect(storedImagePaths('')).toEqual([]);
  });
});

describe('imageSources', () => {
  it('gives src, srcSet and the intrinsic size for a resized upload', () => {
    expect(imageSources(config, 'events/a-1-1600x900.webp')).toEqual({
      src: url('events/a-1-1600x900.webp'),
      srcSet: `${url('events/a-1-480x270.webp')} 480w, ${url('events/a-1-1600x900.webp')} 1600w`,
      width: 1600,
      height: 900,
    });
  });
  it('has no srcSet when there is no small variant', () => {
    expect(imageSources(config, 'books/b-1-300x450.jpg')).toEqual({
      src: url('books/b-1-300x450.jpg'),
      width: 300,
      height: 450,
    });
  });
  it('gives just src for older uploads and absolute URLs, null for nothing', () => {
    expect(imageSources(config, 'events/foo-123.png')).toEqual({ src: url('events/foo-123.png') });
    expect(imageSources(config, 'https://x.org/a.png')).toEqual({ src: 'https://x.org/a.png' });
    expect(imageSources(config, null)).toBeNull();
    expect(imageSources(config, '')).toBeNull();
  });
  it('smallImageUrl prefers the small variant for thumbnails', () => {
    expect(smallImageUrl(config, 'events/a-1-1600x900.webp')).toBe(url('events/a-1-480x270.webp'));
    expect(smallImageUrl(config, 'events/foo-123.png')).toBe(url('events/foo-123.png'));
    expect(smallImageUrl(config, null)).toBeNull();
  });
});
