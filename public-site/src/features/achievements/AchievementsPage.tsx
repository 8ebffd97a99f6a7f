import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { AchievementGrid } from './AchievementGrid';
import { achievementsQuery } from './api';

export default function AchievementsPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.achievements'), description: t('meta.descriptions.achievements') });
  const state = useQuery(achievementsQuery());
  return (
    <>
      <PageHeader title={t('achievements.title')} subtitle={t('achievements.subtitle')} />
      <div className="container-page py-12">
        {/* Cards use h3 (as on the home page); this keeps the outline h1 → h2 → h3. */}
        <h2 className="sr-only">{t('achievements.title')}</h2>
        <AchievementGrid state={state} empty={t('achievements.empty')} />
      </div>
    </>
  );
}
