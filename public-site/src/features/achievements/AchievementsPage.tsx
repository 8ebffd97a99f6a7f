import { useTranslation } from '../../lib/i18n';
import { PageHeader } from '../../components/PageHeader';
import { take } from '../../lib/prefetch';
import { useAsync } from '../../lib/useAsync';
import { usePageMeta } from '../../lib/usePageMeta';
import { AchievementGrid } from './AchievementGrid';
import { listAchievements } from './api';

export default function AchievementsPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.achievements'), t('meta.descriptions.achievements'));
  const state = useAsync(() => take('achievements', () => listAchievements()), []);
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
