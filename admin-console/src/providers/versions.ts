import { HttpError, type DataProvider, type RaRecord, type UpdateParams } from 'react-admin';
import { errorKeyOf } from '@union/shared/errors';
import { mergeChanges } from './merge';

/** The message of a save refused because someone else saved the row first. */
export const STALE_MESSAGE = 'errors.stale_record';

/** What a refused save carries to the screen: the record as it was read and as it is now. */
export interface StaleConflict {
  stale_record: true;
  previous: RaRecord | undefined;
  /** Null when the record could not be read again (deleted meanwhile, or the network failed). */
  current: RaRecord | null;
  /** What the save sent (after the form's transform): the dialog merges it onto `current`. */
  mine?: Record<string, unknown>;
}

/**
 * What an update's `meta` may carry for this wrapper: `onMerged` hears the fields the other
 * person changed when a save was written onto their newer version (the screen says both were kept).
 */
export type MergeMeta = {
  onMerged?: (theirs: string[]) => void;
};

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
 * sends. The database refuses a stale one with `stale_record`. Then the record is read again and
 * merged field by field (providers/merge.ts): when the other person changed only other fields,
 * mine are written onto their version, naming its number, so both changes are kept (the
 * database still refuses it if a third save came first: then the same again, twice at most).
 * When both changed the same field, the refusal carries the record as read, as it is now and as
 * sent, so the screen can show both values and let the person choose (saving the choice is an
 * update whose `previousData` is the current record).
 */
export function withVersions(base: DataProvider): DataProvider {
  const write = async (resource: string, params: UpdateParams, previous: Record<string, unknown>) => {
    // Nothing but the version would change: nothing to save (as ra-data-postgrest itself answers).
    const data = params.data as Record<string, unknown>;
    if (Object.keys(data).every((k) => k === 'version' || JSON.stringify(data[k]) === JSON.stringify(previous[k])))
      return { data: previous } as never;
    // ra-data-postgrest sends only the fields that differ from previousData: the version is
    // left out of the record it compares with, so that it is always sent.
    return base.update(resource, {
      ...params,
      data: { ...data, version: previous.version },
      previousData: { ...previous, version: undefined } as never,
    });
  };
  return {
    ...base,
    async update(resource, params) {
      const { onMerged, ...rest } = (params.meta ?? {}) as MergeMeta & Record<string, unknown>;
      const meta = params.meta ? rest : undefined;
      const read = params.previousData as Record<string, unknown> | undefined;
      if (read?.version === undefined) return base.update(resource, params);
      const mine = params.data as Record<string, unknown>;
      let latest = read;
      let data = mine;
      // The other person's fields kept by the merge the write goes out with (none on a first try).
      let theirs: string[] = [];
      for (let attempt = 0; ; attempt++) {
        try {
          const answer = await write(resource, { ...params, meta, data }, latest);
          if (latest !== read) onMerged?.(theirs);
          return answer;
        } catch (error) {
          if (!isStale(error)) throw error;
          const current = await base.getOne(resource, { id: params.id }).then(
            (r) => r.data as Record<string, unknown>,
            () => null,
          );
          const merge = current && mergeChanges(read, current, mine);
          if (current && merge && merge.clashes.length === 0 && attempt < 2) {
            latest = current;
            data = merge.record;
            theirs = merge.theirs;
            continue;
          }
          const conflict: StaleConflict = {
            stale_record: true,
            previous: params.previousData,
            current: current as RaRecord | null,
            mine,
          };
          throw new HttpError(STALE_MESSAGE, 409, conflict);
        }
      }
    },
  };
}
