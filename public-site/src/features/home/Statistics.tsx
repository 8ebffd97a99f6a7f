import { localize } from '@union/shared/localized';
import { formatNumber } from '@union/shared/format';
import { STATISTIC_ICONS } from '@union/shared/constants';
import { DataBlock } from '../../components/DataState';
import { Icon, type IconName } from '../../components/Icon';
import { useQuery } from '../../lib/data';
import { useTranslation } from '../../lib/i18n';
import { statisticsQuery } from './api';

const iconOf = (icon: string): IconName =>
  (STATISTIC_ICONS as readonly string[]).includes(icon) ? (icon as IconName) : 'chart';

export function Statistics() {
  const { t, lang } = useTranslation();
  const state = useQuery(statisticsQuery);
  return (
    <section className="lazy-render bg-brand-strong py-16 text-white" aria-labelledby="impact-title">
      <div className="container-page">
        <h2 id="impact-title" className="section-title text-center">
          {t('home.impactTitle')}
        </h2>
        <p className="mt-2 text-center text-green-50">{t('home.impactSubtitle')}</p>
        <div className="mt-10">
          <DataBlock state={state} empty={t('home.noStatistics')}>
            {(items) => (
              <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                {items.map((s) => (
                  <li key={s.id} className="rounded-2xl bg-white/10 p-6 text-center" data-testid="statistic">
                    <Icon name={iconOf(s.icon)} className="mx-auto size-8" />
                    <p className="mt-3 text-3xl font-extrabold sm:text-4xl">
                      <bdi suppressHydrationWarning>{formatNumber(s.value, lang)}</bdi>
                    </p>
                    <p className="mt-1 text-sm text-green-50">{localize(s.title, lang)}</p>
                  </li>
                ))}
              </ul>
            )}
          </DataBlock>
        </div>
      </div>
    </section>
  );
}
