import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { loadSettings, textSetting } from '../../lib/settings';
import { useAsync } from '../../lib/useAsync';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContactForm } from './ContactForm';
import { FeedbackForm } from './FeedbackForm';

// OpenStreetMap's embed needs no key or cookie banner; it loads only when scrolled near.
const MAP_SRC = 'https://www.openstreetmap.org/export/embed.html?bbox=28.94%2C41.00%2C29.00%2C41.03&layer=mapnik';

export default function ContactPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.contact'), t('meta.descriptions.contact'));
  const settings = useAsync(loadSettings, []);
  // Email and address have translated fallbacks (spec); the phone shows only when set.
  const email = textSetting(settings.data, 'footerEmail') || t('contact.defaultEmail');
  const address = textSetting(settings.data, 'footerAddress') || t('contact.defaultAddress');
  const phone = textSetting(settings.data, 'footerPhone');

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
        <div className="card min-h-80 overflow-hidden">
          <iframe title={t('contact.mapTitle')} src={MAP_SRC} loading="lazy" width={640} height={400} className="size-full min-h-80 border-0" referrerPolicy="no-referrer-when-downgrade" />
        </div>
      </div>
    </>
  );
}
