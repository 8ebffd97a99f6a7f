import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { errorKeyOf } from '@union/shared/errors';
import type { QueryState } from '../lib/data';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const key = errorKeyOf(error);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <Icon name="alert" className="size-5 shrink-0" />
      <p className="flex-1">
        {t('common.loadError')} {key !== 'generic' && t(`errors.${key}`)}
      </p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300"
      data-testid="empty"
    >
      {children}
    </p>
  );
}

/** Loading, error and empty states of one data block, so every list handles all three alike. */
export function DataBlock<T>({
  state,
  empty,
  children,
}: {
  state: QueryState<T[]> & { reload: () => void };
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (state.status === 'loading') return <Spinner className="py-12" />;
  if (state.status === 'error') return <ErrorBox error={state.error} onRetry={state.reload} />;
  if (state.data.length === 0) return <Empty>{empty}</Empty>;
  return <>{children(state.data)}</>;
}

/** Loading, error and not-found states of a page about one record (an event, a news item). */
export function RecordBlock<T>({
  state,
  missing,
  children,
}: {
  state: QueryState<T | null> & { reload: () => void };
  missing: ReactNode;
  children: (record: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Spinner className="py-24" />;
  if (state.status === 'error')
    return (
      <div className="container-page py-12">
        <ErrorBox error={state.error} onRetry={state.reload} />
      </div>
    );
  if (!state.data) return <>{missing}</>;
  return <>{children(state.data)}</>;
}
