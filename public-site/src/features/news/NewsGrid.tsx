import { DataBlock } from '../../components/DataState';
import type { QueryState } from '../../lib/data';
import type { NewsListRow } from '../../lib/types';
import { NewsCard } from './NewsCard';

/** News as cards, with the block's loading, error and empty states (home and /news). */
export function NewsGrid({
  state,
  empty,
}: {
  state: QueryState<NewsListRow[]> & { reload: () => void };
  empty: string;
}) {
  return (
    <DataBlock state={state} empty={empty}>
      {(items) => <NewsCards items={items} />}
    </DataBlock>
  );
}

export function NewsCards({ items }: { items: NewsListRow[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((n) => (
        <NewsCard key={n.id} item={n} />
      ))}
    </div>
  );
}
