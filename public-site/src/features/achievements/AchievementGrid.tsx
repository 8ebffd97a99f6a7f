import { DataBlock } from '../../components/DataState';
import type { QueryState } from '../../lib/data';
import type { AchievementRow } from '../../lib/types';
import { AchievementCard } from './AchievementCard';

/** Achievements as cards, with the block's loading, error and empty states (home and /achievements). */
export function AchievementGrid({
  state,
  empty,
}: {
  state: QueryState<AchievementRow[]> & { reload: () => void };
  empty: string;
}) {
  return (
    <DataBlock state={state} empty={empty}>
      {(items) => (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((a) => (
            <AchievementCard key={a.id} achievement={a} />
          ))}
        </div>
      )}
    </DataBlock>
  );
}
