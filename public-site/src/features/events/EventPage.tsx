import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Language } from '@union/shared/constants';
import { localize } from '@union/shared/localized';
import { formatDateTime } from '@union/shared/format';
import { publicImageUrl } from '@union/shared/storage';
import { RecordBlock } from '../../components/DataState';
import { Icon } from '../../components/Icon';
import { LocalLink } from '../../components/LocalLink';
import { ImagePlaceholder, PHONE_CONTENT_WIDTH, SmartImage } from '../../components/SmartImage';
import { config } from '../../lib/config';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { buildIcs, eventCalendarEntry, icsFileName } from '@union/shared/ics';
import { eventJsonLd } from '../../lib/structuredData';
import type { EventRow } from '../../lib/types';
import { eventQuery } from './api';
import { EventActions, type OpenForm } from './EventActions';
import { DeadlineText, PlacesText, useSeats } from './EventSeats';
import { NotFound } from '../notfound/NotFoundPage';

function downloadIcs(event: EventRow, lang: Language) {
  const title = localize(event.title, lang);
  const ics = buildIcs(
    eventCalendarEntry({
      id: event.id,
      title,
      description: localize(event.description, lang),
      location: localize(event.location, lang),
      startsAt: event.starts_at,
      url: window.location.href.split('?')[0],
    }),
  );
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = icsFileName(title);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        setCopied(true);
        setTimeout(() => setCopied(false), 3000);
      }
    } catch {
      /* the visitor closed the share sheet */
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void share()}>
        <Icon name="share" className="size-4" />
        {t('events.share')}
      </button>
      <span role="status" className="text-sm text-brand dark:text-brand-soft">
        {copied ? t('events.linkCopied') : ''}
      </span>
    </>
  );
}

function EventDetails({ event }: { event: EventRow }) {
  const { t, lang } = useTranslation();
  const title = localize(event.title, lang);
  const { state, line } = useSeats(event);
  const past = state === 'past';
  const [open, setOpen] = useState<OpenForm>(null);
  return (
    <article className="container-page max-w-4xl py-10" data-testid="event-page">
      <LocalLink to={past ? '/events/past' : '/events'} className="link inline-flex items-center gap-1">
        <Icon name="arrow" className="size-4 ltr:-scale-x-100" />
        {t('events.backToEvents')}
      </LocalLink>
      <div className="card mt-6">
        <SmartImage
          path={event.photo_path}
          sizes={`(min-width: 896px) 896px, ${PHONE_CONTENT_WIDTH}`}
          alt={t('events.photoAlt', { title })}
          width={1280}
          height={720}
          eager
          className="aspect-video max-h-[28rem] w-full object-cover"
          fallback={
            <ImagePlaceholder className="aspect-video w-full">
              <Icon name="calendar" className="size-16" />
            </ImagePlaceholder>
          }
        />
        <div className="grid gap-5 p-6 sm:p-8">
          {/* Green only for "registration open"; past and closed read as a caution. */}
          <p
            className={`w-fit rounded-full px-3 py-1 text-sm font-semibold ${
              state === 'open'
                ? 'bg-brand/10 text-brand dark:bg-brand-soft/10 dark:text-brand-soft'
                : 'bg-accent/10 text-accent dark:bg-accent-soft/10 dark:text-accent-soft'
            }`}
          >
            {past ? t('events.pastBadge') : t(state === 'open' ? 'events.openBadge' : 'events.closedBadge')}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="relative ps-8">
              <dt className="text-sm text-gray-600 dark:text-gray-400">
                <Icon name="calendar" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                {t('events.date')}
              </dt>
              <dd className="font-medium">
                <time dateTime={event.starts_at} suppressHydrationWarning>
                  {formatDateTime(event.starts_at, lang)}
                </time>
              </dd>
            </div>
            <div className="relative ps-8">
              <dt className="text-sm text-gray-600 dark:text-gray-400">
                <Icon name="pin" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                {t('events.location')}
              </dt>
              <dd className="font-medium">{localize(event.location, lang)}</dd>
            </div>
            {state === 'open' && event.registration_deadline && (
              <div className="relative ps-8">
                <dt className="text-sm text-gray-600 dark:text-gray-400">
                  <Icon name="alert" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                  {t('events.registrationDeadline')}
                </dt>
                <dd className="font-medium">
                  <DeadlineText event={event} dateOnly />
                </dd>
              </div>
            )}
            {line.kind !== 'none' && (
              <div className="relative ps-8">
                <dt className="text-sm text-gray-600 dark:text-gray-400">
                  <Icon name="users" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                  {t('events.places')}
                </dt>
                <dd className="font-medium">
                  <PlacesText line={line} />
                </dd>
              </div>
            )}
          </dl>
          <p className="text-lg leading-relaxed whitespace-pre-line text-gray-800 dark:text-gray-200">
            {localize(event.description, lang)}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {!past && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => downloadIcs(event, lang)}
                data-testid="add-to-calendar"
              >
                <Icon name="download" className="size-4" />
                {t('events.addToCalendar')}
              </button>
            )}
            <ShareButton title={title} />
          </div>
          <div className="max-w-xl">
            <EventActions event={event} open={open} onToggle={setOpen} />
          </div>
        </div>
      </div>
    </article>
  );
}

export default function EventPage() {
  const { id = '' } = useParams();
  const { t, lang } = useTranslation();
  const state = useQuery(eventQuery(id));
  // The event's own title, text and photo make the shared link's preview.
  const event = state.data ?? null;
  const image = event ? publicImageUrl(config, event.photo_path) : null;
  usePageHead(
    event
      ? {
          title: localize(event.title, lang),
          description: localize(event.description, lang).slice(0, 160),
          image,
          jsonLd: eventJsonLd(event, lang, t, image),
        }
      : state.status === 'success'
        ? { title: t('meta.titles.notFound'), description: t('meta.descriptions.notFound'), noindex: true }
        : { title: t('meta.titles.event'), description: t('meta.descriptions.events'), noindex: true },
  );
  return (
    <RecordBlock state={state} missing={<NotFound />}>
      {(record) => <EventDetails event={record} />}
    </RecordBlock>
  );
}
