import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { formatNumber } from '@union/shared/format';
import { STATISTIC_ICONS } from '@union/shared/constants';
import { DataBlock } from '../../components/DataState';
import { Icon, type IconName } from '../../components/Icon';
import { rest } from '../../lib/rest';
import type { StatisticRow } from '../../lib/types';
import { rows, useAsync } from '../../lib/useAsync';
import { useLang } from '../../lib/useLang';

const iconOf = (icon: string): IconName => ((STATISTIC_ICONS as readonly string[]).includes(icon) ? (icon as IconName) : 'chart');

export function Statistics() {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useAsync(() => rows<StatisticRow[]>(rest.from('statistics').select('*').order('sort_order', { ascending: true })), []);
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
                      <bdi>{formatNumber(s.value, lang)}</bdi>
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
