import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useTranslation } from '../../lib/i18n';
import { DataBlock } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { take } from '../../lib/prefetch';
import { useAsync } from '../../lib/useAsync';
import { usePageMeta } from '../../lib/usePageMeta';
import { listEvents } from './api';
import { EventActions, type OpenForm } from './EventActions';
import { EventCard } from './EventCard';

export default function EventsPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.events'), t('meta.descriptions.events'));
  // The choice lives in the URL (?show=past) so a link to the past events can be shared.
  const [params, setParams] = useSearchParams();
  const when = params.get('show') === 'past' ? 'past' : 'upcoming';
  const state = useAsync(() => take(`events:${when}`, () => listEvents(when)), [when]);
  const [open, setOpen] = useState<OpenForm>(null);

  const choose = (next: 'upcoming' | 'past') => {
    setOpen(null);
    setParams(next === 'past' ? { show: 'past' } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('events.title')} subtitle={t('events.subtitle')}>
        <div role="group" aria-label={t('events.filterLabel')} className="mt-6 inline-flex rounded-xl border border-gray-300 bg-white p-1 dark:border-gray-700 dark:bg-gray-800">
          {(['upcoming', 'past'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={when === option}
              onClick={() => choose(option)}
              className="min-h-11 rounded-lg px-5 text-sm font-semibold text-gray-800 aria-pressed:bg-brand aria-pressed:text-white dark:text-gray-100"
            >
              {t(`events.${option}`)}
            </button>
          ))}
        </div>
      </PageHeader>
      <div className="container-page py-12">
        {/* Cards use h3 (as on the home page); this keeps the outline h1 → h2 → h3. */}
        <h2 className="sr-only">{t(`events.${when}`)}</h2>
        <DataBlock state={state} empty={t(when === 'past' ? 'events.noPast' : 'events.noUpcoming')}>
          {(items) => (
            <div className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
              {items.map((event, i) => (
                <EventCard key={event.id} event={event} eagerImage={i < 3}>
                  <EventActions event={event} open={open} onToggle={setOpen} />
                </EventCard>
              ))}
            </div>
          )}
        </DataBlock>
      </div>
    </>
  );
}
