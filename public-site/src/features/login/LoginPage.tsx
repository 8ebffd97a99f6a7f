import { useEffect } from 'react';
import { Spinner } from '../../components/Spinner';
import { config } from '../../lib/config';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';

// Staff sign in on the console (its own app, with the auth client); this route only forwards
// there, so old links and bookmarks to /login keep working (a plain link when scripts are off).
export default function LoginPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.login'), description: t('meta.descriptions.login'), noindex: true });
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
