// "Follow our events in your calendar": the language's calendar feed as a webcal: subscription
// (calendar apps on phones and desktops open it and keep it in sync) and as an "add to Google
// Calendar" link (Google subscribes by URL). Absolute URLs from the site's address, so the
// prerendered HTML and the hydrated page agree.
import { siteOrigin } from '../../lib/config';
import { useLang, useTranslation } from '../../lib/i18n';
import { calendarFeedPath } from './feedPath';

export function CalendarSubscribe() {
  const { t } = useTranslation();
  const lang = useLang();
  const feedUrl = `${siteOrigin}${calendarFeedPath(lang)}`;
  const webcal = feedUrl.replace(/^https?:/, 'webcal:');
  const google = `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;
  return (
    <section
      aria-labelledby="calendar-subscribe"
      className="mt-12 rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="calendar-subscribe" className="text-lg font-bold text-gray-900 dark:text-gray-50">
        {t('events.feed.title')}
      </h2>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('events.feed.text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a className="btn btn-primary" href={webcal}>
          {t('events.feed.subscribe')}
        </a>
        <a className="btn btn-secondary" href={google} target="_blank" rel="noopener noreferrer">
          {t('events.feed.google')}
        </a>
      </div>
    </section>
  );
}
