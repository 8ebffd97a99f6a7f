import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { usePageHead } from '../../lib/head';

export default function SponsorPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.sponsor'), description: t('meta.descriptions.sponsor') });
  return (
    <>
      <PageHeader title={t('sponsor.title')} subtitle={t('sponsor.subtitle')} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-3">
        <section
          className="card flex flex-col items-center gap-4 p-8 text-center lg:col-span-2 sm:flex-row sm:items-start sm:text-start"
          aria-labelledby="sponsor-name"
        >
          <img
            src="/sponsor-logo.svg"
            alt={t('sponsor.logoAlt')}
            width={128}
            height={128}
            className="size-32 shrink-0"
          />
          <div>
            <h2 id="sponsor-name" className="text-2xl font-bold">
              {t('sponsor.name')}
            </h2>
            <p className="mt-3 leading-relaxed text-gray-800 dark:text-gray-200">{t('sponsor.description')}</p>
          </div>
        </section>
        <section className="card p-8" aria-labelledby="sponsor-contact">
          <h2
            id="sponsor-contact"
            className="flex items-center gap-2 text-lg font-bold text-brand dark:text-brand-soft"
          >
            <Icon name="users" />
            {t('sponsor.contactTitle')}
          </h2>
          <dl className="mt-4 grid gap-1">
            <dt className="sr-only">{t('form.name')}</dt>
            <dd className="text-xl font-semibold">
              <bdi>{t('sponsor.contactName')}</bdi>
            </dd>
            <dd className="text-gray-700 dark:text-gray-300">{t('sponsor.contactRole')}</dd>
            <dd className="text-gray-700 dark:text-gray-300">{t('sponsor.contactDepartment')}</dd>
          </dl>
        </section>
      </div>
    </>
  );
}
