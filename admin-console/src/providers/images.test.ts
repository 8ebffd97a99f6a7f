import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { withImages, type ImageStore } from './images';

const NOW = new Date('2026-03-01T10:00:00Z');

function fakeBase(overrides: Partial<DataProvider> = {}) {
  const calls: { method: string; resource: string; params: any }[] = [];
  const record = (params: any) => ({ data: { id: 1, ...(params.data ?? params.previousData) } });
  const base: DataProvider = {
    getList: vi.fn(),
    getOne: vi.fn(),
    getMany: vi.fn(async (_r: string, p: any) => ({ data: p.ids.map((id: number) => ({ id, photo_path: `events/old-${id}.jpg` })) })),
    getManyReference: vi.fn(),
    create: vi.fn(async (resource: string, params: any) => (calls.push({ method: 'create', resource, params }), record(params))),
    update: vi.fn(async (resource: string, params: any) => (calls.push({ method: 'update', resource, params }), record(params))),
    updateMany: vi.fn(),
    delete: vi.fn(async (resource: string, params: any) => (calls.push({ method: 'delete', resource, params }), record(params))),
    deleteMany: vi.fn(async (_r: string, p: any) => ({ data: p.ids })),
    ...overrides,
  } as unknown as DataProvider;
  return { base, calls };
}

function fakeStore() {
  const uploaded: string[] = [];
  const removed: string[][] = [];
  const store: ImageStore = {
    upload: vi.fn(async (path: string) => void uploaded.push(path)),
    remove: vi.fn(async (paths: string[]) => void removed.push(paths)),
  };
  return { store, uploaded, removed };
}

const file = (name: string) => ({ rawFile: new File(['x'], name, { type: 'image/png' }), title: name });

describe('withImages', () => {
  it('uploads a picked file under its folder with name + timestamp and saves the path', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded } = fakeStore();
    await withImages(base, store, () => NOW).create('events', { data: { title: {}, photo_path: file('Poster Day.PNG') } });
    expect(uploaded).toEqual([`events/Poster-Day-${NOW.getTime()}.png`]);
    expect(calls[0].params.data.photo_path).toBe(uploaded[0]);
  });

  it('uses the board-members and books folders and the books cover column', async () => {
    const { base, calls } = fakeBase();
    const { store, uploaded } = fakeStore();
    const provider = withImages(base, store, () => NOW);
    await provider.create('board_members', { data: { photo_path: file('a.jpg') } });
    await provider.create('books', { data: { cover_path: file('b.webp') } });
    expect(uploaded).toEqual([`board-members/a-${NOW.getTime()}.jpg`, `books/b-${NOW.getTime()}.webp`]);
    expect(calls[1].params.data.cover_path).toBe(uploaded[1]);
  });

  it('removes the old file after a successful replace, and keeps it when nothing changed', async () => {
    const { base } = fakeBase();
    const { store, removed } = fakeStore();
    const provider = withImages(base, store, () => NOW);
    await provider.update('events', { id: 1, data: { photo_path: file('new.jpg') }, previousData: { id: 1, photo_path: 'events/old.jpg' } });
    expect(removed).toEqual([['events/old.jpg']]);
    await provider.update('events', { id: 1, data: { photo_path: 'events/keep.jpg' }, previousData: { id: 1, photo_path: 'events/keep.jpg' } });
    expect(removed).toHaveLength(1);
  });

  it('removes the old file when the image is cleared', async () => {
    const { base, calls } = fakeBase();
    const { store, removed } = fakeStore();
    await withImages(base, store).update('books', { id: 1, data: { cover_path: null }, previousData: { id: 1, cover_path: 'books/c.jpg' } });
    expect(calls[0].params.data.cover_path).toBeNull();
    expect(removed).toEqual([['books/c.jpg']]);
  });

  it('removes the fresh upload again and keeps the old file when the save fails', async () => {
    const { base } = fakeBase({ update: vi.fn(async () => Promise.reject(new Error('refused'))) as never });
    const { store, uploaded, removed } = fakeStore();
    await expect(
      withImages(base, store, () => NOW).update('events', { id: 1, data: { photo_path: file('n.jpg') }, previousData: { id: 1, photo_path: 'events/old.jpg' } }),
    ).rejects.toThrow('refused');
    expect(removed).toEqual([[uploaded[0]]]);
  });

  it('removes the file after a delete, and not when the delete is refused', async () => {
    const { base } = fakeBase();
    const { store, removed } = fakeStore();
    await withImages(base, store).delete('achievements', { id: 1, previousData: { id: 1, photo_path: 'achievements/a.jpg' } });
    expect(removed).toEqual([['achievements/a.jpg']]);
    const refused = fakeBase({ delete: vi.fn(async () => Promise.reject(new Error('not_allowed'))) as never });
    const s2 = fakeStore();
    await expect(withImages(refused.base, s2.store).delete('events', { id: 2, previousData: { id: 2, photo_path: 'events/x.jpg' } })).rejects.toThrow();
    expect(s2.removed).toEqual([]);
  });

  it('removes the files of every deleted record on deleteMany', async () => {
    const { base } = fakeBase();
    const { store, removed } = fakeStore();
    await withImages(base, store).deleteMany('events', { ids: [1, 2] });
    expect(removed).toEqual([['events/old-1.jpg', 'events/old-2.jpg']]);
  });

  it('a failing removal never fails a successful save', async () => {
    const { base } = fakeBase();
    const store: ImageStore = { upload: vi.fn(async () => undefined), remove: vi.fn(async () => Promise.reject(new Error('storage down'))) };
    await expect(withImages(base, store).delete('events', { id: 1, previousData: { id: 1, photo_path: 'events/a.jpg' } })).resolves.toBeTruthy();
  });

  it('leaves other resources untouched', async () => {
    const { base, calls } = fakeBase();
    const { store } = fakeStore();
    await withImages(base, store).create('statistics', { data: { value: 3 } });
    expect(calls[0].params.data).toEqual({ value: 3 });
    expect(store.upload).not.toHaveBeenCalled();
  });
});
