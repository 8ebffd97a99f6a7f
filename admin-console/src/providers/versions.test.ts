import { describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { staleConflict, withVersions } from './versions';

function provider(
  update: DataProvider['update'],
  current: Record<string, unknown> = { id: 'e1', title: 'theirs', version: 3 },
) {
  return {
    update: vi.fn(update),
    getOne: vi.fn(async () => ({ data: current })),
  } as unknown as DataProvider & { update: ReturnType<typeof vi.fn>; getOne: ReturnType<typeof vi.fn> };
}

describe('withVersions', () => {
  it('sends the version of the record it was read at, whatever the form holds', async () => {
    const base = provider(async (_r, p) => ({ data: { ...p.data, id: p.id } }) as never);
    await withVersions(base).update('events', {
      id: 'e1',
      data: { title: 'mine', version: 7 },
      previousData: { id: 'e1', title: 'old', version: 2 },
    });
    expect(base.update.mock.calls[0]![1].data).toEqual({ title: 'mine', version: 2 });
  });

  it('sends the version to ra-data-postgrest as a change, so that its diff never drops it', async () => {
    const base = provider(async (_r, p) => ({ data: { ...p.data, id: p.id } }) as never);
    await withVersions(base).update('events', {
      id: 'e1',
      data: { title: 'mine', version: 2 },
      previousData: { id: 'e1', title: 'old', version: 2 },
    });
    const sent = base.update.mock.calls[0]![1];
    expect(sent.data.version).toBe(2);
    expect(sent.previousData.version).toBeUndefined();
  });

  it('saves nothing when nothing but the version differs', async () => {
    const base = provider(async () => ({ data: {} }) as never);
    const previousData = { id: 'e1', title: 'same', version: 2 };
    const answer = await withVersions(base).update('events', {
      id: 'e1',
      data: { title: 'same', version: 5 },
      previousData,
    });
    expect(answer.data).toBe(previousData);
    expect(base.update).not.toHaveBeenCalled();
  });

  it('on stale_record over the same field, answers the record as read, as it is now and as sent', async () => {
    const refusal = new HttpError('errors.stale_record', 409, { code: 'PT409', message: 'stale_record' });
    const base = provider(async () => {
      throw refusal;
    });
    const previous = { id: 'e1', title: 'old', version: 2 };
    const error = await withVersions(base)
      .update('events', { id: 'e1', data: { title: 'mine' }, previousData: previous })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect(staleConflict(error)).toEqual({
      stale_record: true,
      previous,
      current: { id: 'e1', title: 'theirs', version: 3 },
      mine: { title: 'mine' },
    });
    expect(base.update).toHaveBeenCalledTimes(1);
  });

  it('on stale_record over other fields, writes mine onto the latest version and says whose were kept', async () => {
    const refusal = new HttpError('errors.stale_record', 409, { code: 'PT409', message: 'stale_record' });
    const latest = { id: 'e1', title: { en: 'Race moved', ar: 'سباق' }, location: 'Hall A', version: 3 };
    const base = provider(async (_r, p) => {
      if ((p.data as { version: number }).version !== 3) throw refusal;
      return { data: { ...p.previousData, ...p.data, id: p.id } } as never;
    }, latest as never);
    const onMerged = vi.fn();
    const previous = { id: 'e1', title: { en: 'Race', ar: 'سباق' }, location: 'Hall A', version: 2 };
    const answer = await withVersions(base).update('events', {
      id: 'e1',
      data: { ...previous, location: 'Hall B' },
      previousData: previous,
      meta: { onMerged },
    });
    expect(base.update).toHaveBeenCalledTimes(2);
    const merged = base.update.mock.calls[1]![1];
    expect(merged.data).toMatchObject({ title: { en: 'Race moved' }, location: 'Hall B', version: 3 });
    // The provider below gets the latest as the record to compare with, and not the callback.
    expect(merged.previousData).toMatchObject({ title: { en: 'Race moved' }, location: 'Hall A' });
    expect(merged.meta).toEqual({});
    expect(answer.data).toMatchObject({ title: { en: 'Race moved' }, location: 'Hall B' });
    expect(onMerged).toHaveBeenCalledWith(['title.en']);
  });

  it('gives up merging after a third save came first twice', async () => {
    const refusal = new HttpError('errors.stale_record', 409, { code: 'PT409', message: 'stale_record' });
    const base = provider(
      async () => {
        throw refusal;
      },
      { id: 'e1', title: 'old', place: 'theirs', version: 3 } as never,
    );
    const error = await withVersions(base)
      .update('events', {
        id: 'e1',
        data: { title: 'mine' },
        previousData: { id: 'e1', title: 'old', place: 'here', version: 2 },
      })
      .catch((e: unknown) => e);
    expect(staleConflict(error)?.current).toMatchObject({ place: 'theirs' });
    expect(base.update).toHaveBeenCalledTimes(3);
  });

  it('passes other refusals through untouched', async () => {
    const refusal = new HttpError('errors.not_allowed', 400, { message: 'not_allowed' });
    const base = provider(async () => {
      throw refusal;
    });
    const error = await withVersions(base)
      .update('events', { id: 'e1', data: { title: 'x' }, previousData: { id: 'e1', version: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(staleConflict(error)).toBeNull();
    expect(base.getOne).not.toHaveBeenCalled();
  });
});
