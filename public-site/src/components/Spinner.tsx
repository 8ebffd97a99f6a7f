import { useTranslation } from '../lib/i18n';

// The loading state on its own: the first screen's scripts show it (a page or its texts still
// arriving) without the error and empty states of components/DataState.tsx.

export function Spinner({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-gray-600 dark:text-gray-300 ${className}`}
    >
      <span
        className="size-6 animate-spin rounded-full border-2 border-current border-e-transparent"
        aria-hidden="true"
      />
      <span>{t('common.loading')}</span>
    </div>
  );
}
