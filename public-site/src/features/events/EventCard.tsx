import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { formatDateTime } from '@union/shared/format';
import { Icon } from '../../components/Icon';
import { LocalLink } from '../../components/LocalLink';
import { CARD_IMAGE_SIZES, ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import type { EventRow } from '../../lib/types';
import { DeadlineText, PlacesText, useSeats } from './EventSeats';

/** An event's photo, title, date, place and text; `children` is the action area (register/evaluate). */
export function EventCard({
  event,
  children,
  eagerImage = false,
}: {
  event: EventRow;
  children?: ReactNode;
  eagerImage?: boolean;
}) {
  const { t, lang } = useTranslation();
  const title = localize(event.title, lang);
  const { state, line } = useSeats(event);
  return (
    <article className="card flex flex-col" data-testid="event-card" data-event-id={event.id}>
      <SmartImage
        path={event.photo_path}
        sizes={CARD_IMAGE_SIZES}
        alt={t('events.photoAlt', { title })}
        width={640}
        height={360}
        eager={eagerImage}
        className="aspect-video w-full object-cover"
        fallback={
          <ImagePlaceholder className="aspect-video w-full">
            <Icon name="calendar" className="size-12" />
          </ImagePlaceholder>
        }
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg leading-snug font-bold">
          <LocalLink to={`/events/${event.id}`} className="hover:underline">
            {title}
          </LocalLink>
        </h3>
        <dl className="grid gap-1 text-sm text-gray-700 dark:text-gray-300">
          <div className="flex items-center gap-2">
            <dt className="shrink-0">
              <Icon name="calendar" className="size-4 text-brand dark:text-brand-soft" />
              <span className="sr-only">{t('events.date')}</span>
            </dt>
            <dd>
              {/* Node's and the browser's Intl may word a date slightly differently: either is right. */}
              <time dateTime={event.starts_at} suppressHydrationWarning>
                {formatDateTime(event.starts_at, lang)}
              </time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="shrink-0">
              <Icon name="pin" className="size-4 text-brand dark:text-brand-soft" />
              <span className="sr-only">{t('events.location')}</span>
            </dt>
            <dd>{localize(event.location, lang)}</dd>
          </div>
          {state === 'open' && event.registration_deadline && (
            <div className="flex items-center gap-2">
              <dt className="shrink-0">
                <Icon name="alert" className="size-4 text-brand dark:text-brand-soft" />
                <span className="sr-only">{t('events.registrationDeadline')}</span>
              </dt>
              <dd>
                <DeadlineText event={event} />
              </dd>
            </div>
          )}
          {line.kind !== 'none' && (
            <div className="flex items-center gap-2">
              <dt className="shrink-0">
                <Icon name="users" className="size-4 text-brand dark:text-brand-soft" />
                <span className="sr-only">{t('events.places')}</span>
              </dt>
              <dd>
                <PlacesText line={line} />
              </dd>
            </div>
          )}
        </dl>
        <p className="line-clamp-4 text-gray-700 dark:text-gray-300">{localize(event.description, lang)}</p>
        {children && <div className="mt-auto pt-2">{children}</div>}
      </div>
    </article>
  );
}
