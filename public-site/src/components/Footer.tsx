import type { SettingKey } from '@union/shared/constants';
import { useQuery } from '../lib/data';
import { formatYear } from '@union/shared/format';
import { useTranslation } from '../lib/i18n';
import { settingsQuery, textSetting } from '../lib/settings';
import { Icon, type IconName } from './Icon';
import { LocalLink } from './LocalLink';
import { Logo } from './Logo';
import { FOOTER_LINKS } from './navItems';

const SOCIALS: {
  key: SettingKey;
  icon: IconName;
  label: 'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'youtube';
}[] = [
  { key: 'footerFacebook', icon: 'facebook', label: 'facebook' },
  { key: 'footerTwitter', icon: 'twitter', label: 'twitter' },
  { key: 'footerInstagram', icon: 'instagram', label: 'instagram' },
  { key: 'footerLinkedIn', icon: 'linkedin', label: 'linkedin' },
  { key: 'footerYouTube', icon: 'youtube', label: 'youtube' },
];

export function Footer() {
  const { t, lang } = useTranslation();
  const settings = useQuery(settingsQuery);
  const email = textSetting(settings.data, 'footerEmail');
  const phone = textSetting(settings.data, 'footerPhone');
  const address = textSetting(settings.data, 'footerAddress');
  const socials = SOCIALS.filter((s) => textSetting(settings.data, s.key) !== '');

  return (
    // Below the first screen on every page (the main element is a screen tall): laid out once it
    // comes near the viewport, not in the first layout, which it made about a fifth longer (the
    // home page's, measured on its HTML alone).
    <footer className="lazy-render mt-16 border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-950">
      <div className="eyebrow-bar h-1" aria-hidden="true" />
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section className="lg:col-span-2" aria-labelledby="footer-about">
          <div className="mb-3 flex items-center gap-2">
            <Logo className="size-8" />
            <h2 id="footer-about" className="text-lg font-bold">
              {t('footer.aboutTitle')}
            </h2>
          </div>
          <p className="max-w-prose text-sm text-gray-700 dark:text-gray-300">{t('footer.aboutText')}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 text-lg font-bold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="grid gap-2 text-sm">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <LocalLink to={item.to} className="link">
                  {t(`nav.${item.key}`)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-bold">
            {t('footer.contactTitle')}
          </h2>
          <ul className="grid gap-2 text-sm text-gray-700 dark:text-gray-300">
            {email && (
              <li className="flex items-center gap-2">
                <Icon name="mail" className="size-4 shrink-0" />
                <a href={`mailto:${email}`} className="link break-all">
                  <bdi>{email}</bdi>
                </a>
              </li>
            )}
            {phone && (
              <li className="flex items-center gap-2">
                <Icon name="phone" className="size-4 shrink-0" />
                <a href={`tel:${phone.replace(/\s+/g, '')}`} className="link" dir="ltr">
                  <bdi>{phone}</bdi>
                </a>
              </li>
            )}
            {address && (
              <li className="flex items-start gap-2">
                <Icon name="pin" className="mt-1 size-4 shrink-0" />
                <span>{address}</span>
              </li>
            )}
          </ul>
          {socials.length > 0 && (
            <>
              <h3 className="mt-5 mb-2 text-sm font-semibold">{t('footer.followUs')}</h3>
              <ul className="flex flex-wrap gap-2" data-testid="footer-socials">
                {socials.map((s) => (
                  <li key={s.key}>
                    <a
                      href={textSetting(settings.data, s.key)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="btn btn-secondary size-11 p-0"
                      aria-label={`${t(`footer.social.${s.label}`)} ${t('common.opensNewTab')}`}
                    >
                      <Icon name={s.icon} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-gray-200 py-4 text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
        {/* The year of the visit may differ from the year the page was prerendered. */}
        <p suppressHydrationWarning>{t('footer.rights', { year: formatYear(new Date().getFullYear(), lang) })}</p>
        <LocalLink to="/privacy" className="link">
          {t('footer.privacy')}
        </LocalLink>
      </div>
    </footer>
  );
}
