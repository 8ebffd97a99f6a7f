import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { errorKeyOf } from '@union/shared/errors';

/** The message of a save refused because someone else saved the row first. */
export const STALE_MESSAGE = 'errors.stale_record';

/** What a refused save carries to the screen: the record as it was read and as it is now. */
export interface StaleConflict {
  stale_record: true;
  previous: RaRecord | undefined;
  /** Null when the record could not be read again (deleted meanwhile, or the network failed). */
  current: RaRecord | null;
}

/** The conflict behind an error, when the error is a `stale_record` refusal of a save. */
export function staleConflict(error: unknown): StaleConflict | null {
  const body = (error as { body?: unknown } | null)?.body as Partial<StaleConflict> | undefined;
  return body?.stale_record === true ? (body as StaleConflict) : null;
}

const isStale = (error: unknown) =>
  (error as { message?: unknown } | null)?.message === STALE_MESSAGE ||
  errorKeyOf(error) === 'stale_record' ||
  errorKeyOf((error as { body?: unknown } | null)?.body) === 'stale_record';

/**
 * Every update names the row version it was read at (docs/data-model.md "Row versions"): the
 * version of `previousData`, the record the form or action started from, whatever the form
 * sends. The database refuses a stale one with `stale_record`; the refusal then carries the record
 * as read and as it is now, so the screen can say what changed and offer to load it or to save
 * over it (saving over it is an update whose `previousData` is the current record).
 */
export function withVersions(base: DataProvider): DataProvider {
  return {
    ...base,
    async update(resource, params) {
      const previous = params.previousData as Record<string, unknown> | undefined;
      const read = previous?.version;
      if (read === undefined || !previous) return base.update(resource, params);
      // Nothing but the version would change: nothing to save (as ra-data-postgrest itself answers).
      const data = params.data as Record<string, unknown>;
      if (Object.keys(data).every((k) => k === 'version' || JSON.stringify(data[k]) === JSON.stringify(previous[k])))
        return { data: previous } as never;
      try {
        // ra-data-postgrest sends only the fields that differ from previousData: the version is
        // left out of the record it compares with, so that it is always sent.
        return await base.update(resource, {
          ...params,
          data: { ...data, version: read },
          previousData: { ...previous, version: undefined } as never,
        });
      } catch (error) {
        if (!isStale(error)) throw error;
        const current = await base.getOne(resource, { id: params.id }).then(
          (r) => r.data,
          () => null,
        );
        const conflict: StaleConflict = { stale_record: true, previous: params.previousData, current };
        throw new HttpError(STALE_MESSAGE, 409, conflict);
      }
    },
  };
}
