import { describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { staleConflict, withVersions } from './versions';

function provider(update: DataProvider['update'], current = { id: 'e1', title: 'theirs', version: 3 }) {
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

  it('on stale_record, answers the record as read and as it is now', async () => {
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
    });
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
