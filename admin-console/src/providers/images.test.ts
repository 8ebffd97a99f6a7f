import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { MAX_IMAGE_BYTES } from '@union/shared/constants';
import { withImages, type ImageStore } from './images';
import { collect } from '../registry';
import type { ImageResizer, ResizedImage } from './resizeImage';

// The registry's image columns, as the console's data provider is given them.
const FIELDS = collect((r) => r.image);

const NOW = new Date('2026-03-01T10:00:00Z');

function fakeBase(overrides: Partial<DataProvider> = {}) {
  const calls: { method: string; resource: string; params: any }[] = [];
  const record = (params: any) => ({ data: { id: 1, ...(params.data ?? params.previousData) } });
  const base: DataProvider = {
    getList: vi.fn(),
    getOne: vi.fn(),
    getMany: vi.fn(async (_r: string, p: any) => ({
      data: p.ids.map((id: number) => ({ id, photo_path: `events/old-${id}.jpg` })),
    })),
    getManyReference: vi.fn(),
    create: vi.fn(
      async (resource: string, params: any) => (calls.push({ method: 'create', resource, params }), record(params)),
    ),
    update: vi.fn(
      async (resource: string, params: any) => (calls.push({ method: 'update', resource, params }), record(params)),
    ),
    updateMany: vi.fn(),
    delete: vi.fn(
      async (resource: string, params: any) => (calls.push({ method: 'delete', resource, params }), record(params)),
    ),
    deleteMany: vi.fn(async (_r: string, p: any) => ({ data: p.ids })),
    ...overrides,
  } as unknown as DataProvider;
  return { base, calls };
}

function fakeStore() {
  const uploaded: string[] = [];
  const removed: string[][] = [];
  const blobs = new Map<string, Blob>();
  const store: ImageStore = {
    upload: vi.fn(async (path: string, blob: Blob) => void (uploaded.push(path), blobs.set(path, blob))),
    remove: vi.fn(async (paths: string[]) => void removed.push(paths)),
  };
  return { store, uploaded, removed, blobs };
}

const file = (name: string) => ({ rawFile: new File(['x'], name, { type: 'image/png' }), title: name });

describe('withImages', () => {
  it('uploads a picked file under its folder with name + timestamp and saves the path', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded } = fakeStore();
    await withImages(base, store, FIELDS, () => NOW).create('events', {
      data: { title: {}, photo_path: file('Poster Day.PNG') },
    });
    expect(uploaded).toEqual([`events/Poster-Day-${NOW.getTime()}.png`]);
    expect(calls[0].params.data.photo_path).toBe(uploaded[0]);
  });

  it('uses the board-members and books folders and the books cover column', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded } = fakeStore();
    const provider = withImages(base, store, FIELDS, () => NOW);
    await provider.create('board_members', { data: { photo_path: file('a.jpg') } });
    await provider.create('books', { data: { cover_path: file('b.webp') } });
    expect(uploaded).toEqual([`board-members/a-${NOW.getTime()}.jpg`, `books/b-${NOW.getTime()}.webp`]);
    expect(calls[1].params.data.cover_path).toBe(uploaded[1]);
  });

  it('removes the old file after a successful replace, and keeps it when nothing changed', async () => {
    const { base } = fakeBase();
    const { store, removed } = fakeStore();
    const provider = withImages(base, store, FIELDS, () => NOW);
    await provider.update('events', {
      id: 1,
      data: { photo_path: file('new.jpg') },
      previousData: { id: 1, photo_path: 'events/old.jpg' },
    });
    expect(removed).toEqual([['events/old.jpg']]);
    await provider.update('events', {
      id: 1,
      data: { photo_path: 'events/keep.jpg' },
      previousData: { id: 1, photo_path: 'events/keep.jpg' },
    });
    expect(removed).toHaveLength(1);
  });

  it('removes the old file when the image is cleared', async () => {
    const { base, calls } = fakeBase();
    const { store, removed } = fakeStore();
    await withImages(base, store, FIELDS).update('books', {
      id: 1,
      data: { cover_path: null },
      previousData: { id: 1, cover_path: 'books/c.jpg' },
    });
    expect(calls[0].params.data.cover_path).toBeNull();
    expect(removed).toEqual([['books/c.jpg']]);
  });

  it('removes the fresh upload again and keeps the old file when the save fails', async () => {
    const { base } = fakeBase({ update: vi.fn(async () => Promise.reject(new Error('refused'))) as never });
    const { store, uploaded, removed } = fakeStore();
    await expect(
      withImages(base, store, FIELDS, () => NOW).update('events', {
        id: 1,
        data: { photo_path: file('n.jpg') },
        previousData: { id: 1, photo_path: 'events/old.jpg' },
      }),
    ).rejects.toThrow('refused');
    expect(removed).toEqual([[uploaded[0]]]);
  });

  it('keeps the images of a deleted record: it can be restored with them', async () => {
    const { base, calls } = fakeBase();
    const { store, removed } = fakeStore();
    const provider = withImages(base, store, FIELDS);
    await provider.delete('achievements', { id: 1, previousData: { id: 1, photo_path: 'achievements/a.jpg' } });
    await provider.deleteMany('events', { ids: [1, 2] });
    expect(calls.map((c) => c.method)).toContain('delete');
    expect(removed).toEqual([]);
  });

  it('a failing removal never fails a successful save', async () => {
    const { base } = fakeBase();
    const store: ImageStore = {
      upload: vi.fn(async () => undefined),
      remove: vi.fn(async () => Promise.reject(new Error('storage down'))),
    };
    await expect(
      withImages(base, store, FIELDS).update('events', {
        id: 1,
        data: { photo_path: null },
        previousData: { id: 1, photo_path: 'events/a.jpg' },
      }),
    ).resolves.toBeTruthy();
    expect(store.remove).toHaveBeenCalled();
  });

  it('leaves other resources untouched', async () => {
    const { base, calls } = fakeBase();
    const { store } = fakeStore();
    await withImages(base, store, FIELDS).create('statistics', { data: { value: 3 } });
    expect(calls[0].params.data).toEqual({ value: 3 });
    expect(store.upload).not.toHaveBeenCalled();
  });
});

// A stand-in for the browser's canvas work: what resizeImage returns for a photo of the given main size.
const encoded = (width: number, height: number, type = 'image/webp') => ({
  blob: new Blob([`${width}x${height}`], { type }),
  width,
  height,
});
function fakeResizer(main: [number, number], small?: [number, number], ext: ResizedImage['ext'] = 'webp') {
  const type = ext === 'webp' ? 'image/webp' : 'image/jpeg';
  return vi.fn<ImageResizer>(async () => ({
    ext,
    main: encoded(...main, type),
    ...(small ? { small: encoded(...small, type) } : {}),
  }));
}
const T = NOW.getTime();

describe('withImages with resizing', () => {
  it('uploads the resized main image and its small variant, and saves the main path', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded, blobs } = fakeStore();
    const resize = fakeResizer([1600, 1200], [480, 360]);
    const photo = file('IMG 2041.JPG');
    await withImages(base, store, FIELDS, () => NOW, resize).create('events', { data: { photo_path: photo } });
    expect(resize).toHaveBeenCalledWith(photo.rawFile);
    expect(uploaded).toEqual([`events/IMG-2041-${T}-1600x1200.webp`, `events/IMG-2041-${T}-480x360.webp`]);
    expect(calls[0].params.data.photo_path).toBe(`events/IMG-2041-${T}-1600x1200.webp`);
    expect(await blobs.get(uploaded[0])!.text()).toBe('1600x1200');
    expect(await blobs.get(uploaded[1])!.text()).toBe('480x360');
    expect(blobs.get(uploaded[0])!.type).toBe('image/webp');
  });

  it('names JPEG output .jpg (browsers without a WebP encoder) and uploads no small variant for a small image', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded } = fakeStore();
    const provider = withImages(base, store, FIELDS, () => NOW, fakeResizer([1067, 1600], [320, 480], 'jpg'));
    await provider.create('books', { data: { cover_path: file('cover.png') } });
    expect(uploaded).toEqual([`books/cover-${T}-1067x1600.jpg`, `books/cover-${T}-320x480.jpg`]);
    expect(calls[0].params.data.cover_path).toBe(uploaded[0]);
    const small = fakeBase();
    const s2 = fakeStore();
    await withImages(small.base, s2.store, FIELDS, () => NOW, fakeResizer([400, 400])).create('board_members', {
      data: { photo_path: file('me.webp') },
    });
    expect(s2.uploaded).toEqual([`board-members/me-${T}-400x400.webp`]);
    expect(small.calls[0].params.data.photo_path).toBe(s2.uploaded[0]);
  });

  it('removes the old main image and its small variant after a replace and a clear', async () => {
    const { base } = fakeBase();
    const { store, uploaded, removed } = fakeStore();
    const provider = withImages(base, store, FIELDS, () => NOW, fakeResizer([1600, 900], [480, 270]));
    const old = 'events/old-1-1600x900.webp';
    await provider.update('events', {
      id: 1,
      data: { photo_path: file('new.jpg') },
      previousData: { id: 1, photo_path: old },
    });
    expect(uploaded).toEqual([`events/new-${T}-1600x900.webp`, `events/new-${T}-480x270.webp`]);
    expect(removed).toEqual([[old, 'events/old-1-480x270.webp']]);
    await provider.update('books', {
      id: 2,
      data: { cover_path: null },
      previousData: { id: 2, cover_path: 'books/c-5-600x900.webp' },
    });
    expect(removed[1]).toEqual(['books/c-5-600x900.webp', 'books/c-5-320x480.webp']);
  });

  it('removes both fresh uploads and keeps the old ones when the save fails', async () => {
    const { base } = fakeBase({ create: vi.fn(async () => Promise.reject(new Error('refused'))) as never });
    const { store, uploaded, removed } = fakeStore();
    await expect(
      withImages(base, store, FIELDS, () => NOW, fakeResizer([1600, 1200], [480, 360])).create('events', {
        data: { photo_path: file('n.jpg') },
      }),
    ).rejects.toThrow('refused');
    expect(uploaded).toHaveLength(2);
    expect(removed).toEqual([uploaded]);
  });

  it('removes the main image again when its small variant cannot be uploaded, and saves nothing', async () => {
    const { base } = fakeBase();
    const removed: string[][] = [];
    const store: ImageStore = {
      upload: vi.fn(async (path: string) =>
        path.includes('480x') ? Promise.reject(new Error('storage down')) : undefined,
      ),
      remove: vi.fn(async (paths: string[]) => void removed.push(paths)),
    };
    await expect(
      withImages(base, store, FIELDS, () => NOW, fakeResizer([1600, 1200], [480, 360])).create('events', {
        data: { photo_path: file('n.jpg') },
      }),
    ).rejects.toThrow('storage down');
    expect(removed).toEqual([[`events/n-${T}-1600x1200.webp`]]);
    expect(base.create).not.toHaveBeenCalled();
  });

  it('uploads the original file under the older name when the photo cannot be resized', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded, blobs } = fakeStore();
    const photo = file('Broken.JPG');
    const resize = vi.fn<ImageResizer>(async () => Promise.reject(new Error('decode failed')));
    await withImages(base, store, FIELDS, () => NOW, resize).create('events', { data: { photo_path: photo } });
    expect(resize).toHaveBeenCalled();
    expect(uploaded).toEqual([`events/Broken-${T}.jpg`]);
    expect(blobs.get(uploaded[0])).toBe(photo.rawFile);
    expect(calls[0].params.data.photo_path).toBe(uploaded[0]);
  });

  it('uploads the original when the resizer breaks the naming promise (a small variant of another size, or none)', async () => {
    for (const resize of [fakeResizer([1600, 1200], [400, 300]), fakeResizer([1600, 1200])]) {
      const { base } = fakeBase();
      const { store, uploaded } = fakeStore();
      await withImages(base, store, FIELDS, () => NOW, resize).create('events', {
        data: { photo_path: file('p.png') },
      });
      expect(uploaded).toEqual([`events/p-${T}.png`]);
    }
  });

  it('uploads a GIF as it is (a canvas would keep only its first frame)', async () => {
    const { base } = fakeBase();
    const { store, uploaded } = fakeStore();
    const resize = fakeResizer([1600, 1200], [480, 360]);
    await withImages(base, store, FIELDS, () => NOW, resize).create('achievements', {
      data: { photo_path: { rawFile: new File(['gif'], 'party.gif', { type: 'image/gif' }) } },
    });
    expect(resize).not.toHaveBeenCalled();
    expect(uploaded).toEqual([`achievements/party-${T}.gif`]);
  });

  it('accepts a photo over the size limit when its resized output fits, and refuses before uploading when what would be uploaded does not', async () => {
    const big = () => ({
      rawFile: new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'phone.jpg', { type: 'image/jpeg' }),
    });
    const ok = fakeStore();
    await withImages(fakeBase().base, ok.store, FIELDS, () => NOW, fakeResizer([1600, 1200], [480, 360])).create(
      'events',
      {
        data: { photo_path: big() },
      },
    );
    expect(ok.uploaded).toHaveLength(2);
    const refused = fakeStore();
    const { base } = fakeBase();
    const failing = vi.fn<ImageResizer>(async () => Promise.reject(new Error('decode failed')));
    await expect(
      withImages(base, refused.store, FIELDS, () => NOW, failing).create('events', { data: { photo_path: big() } }),
    ).rejects.toThrow('common.photoTooLarge');
    expect(refused.store.upload).not.toHaveBeenCalled();
    expect(base.create).not.toHaveBeenCalled();
  });
});
