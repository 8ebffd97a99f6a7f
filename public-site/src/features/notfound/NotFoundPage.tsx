import { Link } from 'wouter';
import { useTranslation } from '../../lib/i18n';
import { usePageMeta } from '../../lib/usePageMeta';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.notFound'), t('meta.descriptions.notFound'));
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-black text-accent dark:text-accent-soft" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{t('notFound.text')}</p>
      <Link href="/" className="btn btn-primary mt-8">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
