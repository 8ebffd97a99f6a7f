import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Spinner } from '../../components/DataState';
import { config } from '../../lib/config';
import { usePageMeta } from '../../lib/usePageMeta';

// Staff sign in on the console (its own app, with the auth client); this route only forwards
// there, so old links and bookmarks to /login keep working.
export default function LoginPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.login'), t('meta.descriptions.login'));
  useEffect(() => {
    window.location.replace(config.adminUrl);
  }, []);
  return (
    <div className="container-page flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('login.title')}</h1>
      <Spinner />
      <p>{t('login.redirecting')}</p>
      <a className="btn btn-primary" href={config.adminUrl}>
        {t('login.continue')}
      </a>
    </div>
  );
}
