import { useTranslation } from '../lib/i18n';

// The loading state on its own, and a page's failure to arrive: the first screen's scripts show
// them (a page or its texts still arriving, or offline) without the rest of components/DataState.tsx.

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

/**
 * In place of a page whose code or texts could not arrive (offline). "Try again" loads the address
 * afresh, as a link from outside would. (After a release, start-scripts.ts has done so already.)
 */
export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-24 text-center">
      <p>{t('common.loadError')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
