import { useTranslation } from '../../lib/i18n';
import { Icon, type IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { usePageHead } from '../../lib/head';
import { formatNumber } from '@union/shared/format';
import { PartnersSection } from './PartnersSection';

const GOALS = ['goal1', 'goal2', 'goal3', 'goal4'] as const;
const WHAT_WE_DO: { key: 'community' | 'events' | 'resources' | 'achievements'; icon: IconName }[] = [
  { key: 'community', icon: 'users' },
  { key: 'events', icon: 'calendar' },
  { key: 'resources', icon: 'book' },
  { key: 'achievements', icon: 'award' },
];

// Texts are translation keys under `about.*`, so staff can rewrite any of them from the console.
export default function AboutPage() {
  const { t, lang } = useTranslation();
  usePageHead({ title: t('meta.titles.about'), description: t('meta.descriptions.about') });
  return (
    <>
      <PageHeader title={t('about.title')} subtitle={t('about.subtitle')} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        <section className="card p-6" aria-labelledby="mission">
          <h2 id="mission" className="text-xl font-bold text-brand dark:text-brand-soft">
            {t('about.missionTitle')}
          </h2>
          <p className="mt-3 text-gray-800 dark:text-gray-200">{t('about.mission')}</p>
        </section>
        <section className="card p-6" aria-labelledby="vision">
          <h2 id="vision" className="text-xl font-bold text-brand dark:text-brand-soft">
            {t('about.visionTitle')}
          </h2>
          <p className="mt-3 text-gray-800 dark:text-gray-200">{t('about.vision')}</p>
        </section>
      </div>
      <section className="container-page py-6" aria-labelledby="goals">
        <h2 id="goals" className="section-title">
          {t('about.goalsTitle')}
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {GOALS.map((goal, i) => (
            <li key={goal} className="flex gap-4 rounded-2xl bg-gray-50 p-5 dark:bg-gray-800">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-bold text-white"
                aria-hidden="true"
              >
                {formatNumber(i + 1, lang)}
              </span>
              <p className="self-center">{t(`about.${goal}`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container-page py-10" aria-labelledby="what-we-do">
        <h2 id="what-we-do" className="section-title">
          {t('about.whatWeDoTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {WHAT_WE_DO.map((item) => (
            <li key={item.key} className="card p-6">
              <Icon name={item.icon} className="size-8 text-brand dark:text-brand-soft" />
              <h3 className="mt-3 text-lg font-bold">{t(`about.${item.key}Title`)}</h3>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t(`about.${item.key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <PartnersSection />
    </>
  );
}
