import { useState } from 'react';
import { DataBlock } from '../../components/DataState';
import { LocalLink } from '../../components/LocalLink';
import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { eventsQuery, type EventsWhen } from './api';
import { EventActions, type OpenForm } from './EventActions';
import { EventCard } from './EventCard';
import { CalendarSubscribe } from './CalendarSubscribe';

/** Each list has its own address (/events, /events/past), so it can be shared, prerendered and found. */
const LIST_PATHS: Record<EventsWhen, string> = { upcoming: '/events', past: '/events/past' };

export default function EventsPage({ when }: { when: EventsWhen }) {
  const { t } = useTranslation();
  usePageHead({
    title: when === 'past' ? `${t('meta.titles.events')}: ${t('events.past')}` : t('meta.titles.events'),
    description: t('meta.descriptions.events'),
  });
  const state = useQuery(eventsQuery(when));
  const [open, setOpen] = useState<OpenForm>(null);

  return (
    <>
      <PageHeader title={t('events.title')} subtitle={t('events.subtitle')}>
        <nav
          aria-label={t('events.filterLabel')}
          className="mt-6 inline-flex rounded-xl border border-gray-300 bg-white p-1 dark:border-gray-700 dark:bg-gray-800"
        >
          {(['upcoming', 'past'] as const).map((option) => (
            <LocalLink
              key={option}
              to={LIST_PATHS[option]}
              aria-current={when === option ? 'page' : undefined}
              className="inline-flex min-h-11 items-center rounded-lg px-5 text-sm font-semibold text-gray-800 aria-[current=page]:bg-brand aria-[current=page]:text-white dark:text-gray-100"
            >
              {t(`events.${option}`)}
            </LocalLink>
          ))}
        </nav>
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
        <CalendarSubscribe />
      </div>
    </>
  );
}
