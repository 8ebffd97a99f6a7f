import { LocalLink } from '../../components/LocalLink';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';

/** The not-found message; the event page shows it too for an unknown event. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-black text-accent dark:text-accent-soft" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{t('notFound.text')}</p>
      <LocalLink to="/" className="btn btn-primary mt-8">
        {t('notFound.home')}
      </LocalLink>
    </div>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.notFound'), description: t('meta.descriptions.notFound'), noindex: true });
  return <NotFound />;
}
