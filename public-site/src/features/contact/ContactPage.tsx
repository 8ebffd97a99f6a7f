import { osmEmbedUrl, osmLinkUrl, parseMapLocation } from '@union/shared/map';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { settingsQuery, textSetting } from '../../lib/settings';
import { ContactForm } from './ContactForm';
import { FeedbackForm } from './FeedbackForm';

export default function ContactPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.contact'), description: t('meta.descriptions.contact') });
  const settings = useQuery(settingsQuery);
  // Email and address have translated fallbacks (docs/decisions.md, "Content"); the phone shows only when set.
  const email = textSetting(settings.data, 'footerEmail') || t('contact.defaultEmail');
  const address = textSetting(settings.data, 'footerAddress') || t('contact.defaultAddress');
  const phone = textSetting(settings.data, 'footerPhone');
  // The union's place on the map (a setting staff edit in the console); no map without one.
  const location = parseMapLocation(textSetting(settings.data, 'mapLocation'));

  return (
    <>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-2">
        <ContactForm />
        <FeedbackForm />
        <section className="card p-6 sm:p-8" aria-labelledby="contact-details-title" data-testid="contact-details">
          <h2 id="contact-details-title" className="text-xl font-bold">
            {t('contact.detailsTitle')}
          </h2>
          <dl className="mt-5 grid gap-4">
            <div className="relative ps-8">
              <dt className="text-sm text-gray-600 dark:text-gray-400">
                <Icon name="mail" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                {t('contact.email')}
              </dt>
              <dd>
                <a className="link break-all" href={`mailto:${email}`}>
                  <bdi>{email}</bdi>
                </a>
              </dd>
            </div>
            {phone && (
              <div className="relative ps-8">
                <dt className="text-sm text-gray-600 dark:text-gray-400">
                  <Icon name="phone" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                  {t('contact.phone')}
                </dt>
                <dd>
                  <a className="link" href={`tel:${phone.replace(/\s+/g, '')}`}>
                    <bdi>{phone}</bdi>
                  </a>
                </dd>
              </div>
            )}
            <div className="relative ps-8">
              <dt className="text-sm text-gray-600 dark:text-gray-400">
                <Icon name="pin" className="absolute start-0 top-1 size-5 text-brand dark:text-brand-soft" />
                {t('contact.address')}
              </dt>
              <dd>{address}</dd>
            </div>
          </dl>
        </section>
        {location && (
          // OpenStreetMap's embed needs no key or cookie banner; it loads only when scrolled near.
          // The link opens the place even where the map's tiles cannot load.
          <section
            className="card flex flex-col overflow-hidden"
            aria-label={t('contact.mapTitle')}
            data-testid="contact-map"
          >
            <iframe
              title={t('contact.mapTitle')}
              src={osmEmbedUrl(location)}
              loading="lazy"
              width={640}
              height={400}
              className="block min-h-80 w-full flex-1 border-0"
              referrerPolicy="no-referrer-when-downgrade"
            />
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 p-4 dark:border-gray-700">
              <p className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
                <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-brand dark:text-brand-soft" />
                {address}
              </p>
              <a href={osmLinkUrl(location)} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
                {t('contact.openMap')}
                <span className="sr-only"> {t('common.opensNewTab')}</span>
              </a>
            </div>
          </section>
        )}
      </div>
    </>
  );
}
