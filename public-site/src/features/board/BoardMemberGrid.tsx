import { DataBlock } from '../../components/DataState';
import type { QueryState } from '../../lib/data';
import type { BoardMemberRow } from '../../lib/types';
import { BoardMemberCard } from './BoardMemberCard';

/** Board members as cards, with the block's loading, error and empty states (home and /board). */
export function BoardMemberGrid({
  state,
  empty,
  showBio,
}: {
  state: QueryState<BoardMemberRow[]> & { reload: () => void };
  empty: string;
  showBio?: boolean;
}) {
  return (
    <DataBlock state={state} empty={empty}>
      {(items) => (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((m) => (
            <BoardMemberCard key={m.id} member={m} showBio={showBio} />
          ))}
        </div>
      )}
    </DataBlock>
  );
}
