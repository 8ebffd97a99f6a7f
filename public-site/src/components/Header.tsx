import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '../lib/i18n';
import { config } from '../lib/config';
import { splitLanguage } from '../lib/paths';
import { FirstScreenIcon } from './FirstScreenIcon';
import { LanguageMenu } from './LanguageMenu';
import { LocalLink } from './LocalLink';
import { Logo } from './Logo';
import { NAV_ITEMS } from './navItems';
import { ThemeToggle } from './ThemeToggle';

/**
 * A section is current on its own page and on the pages below it (an event's page is in Events);
 * routes match regardless of case, so this does too.
 */
function isCurrent(to: string, path: string): boolean {
  const lower = path.toLowerCase();
  return to === '/' ? lower === '/' : lower === to || lower.startsWith(`${to}/`);
}

const navLinkClass = (isActive: boolean) =>
  `rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive
      ? 'bg-brand/10 text-brand dark:bg-brand-soft/10 dark:text-brand-soft'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { path } = splitLanguage(pathname);

  useEffect(() => setOpen(false), [pathname]);

  const links = NAV_ITEMS.map((item) => {
    const current = isCurrent(item.to, path);
    return (
      <li key={item.to}>
        <LocalLink to={item.to} className={navLinkClass(current)} aria-current={current ? 'page' : undefined}>
          {t(`nav.${item.key}`)}
        </LocalLink>
      </li>
    );
  });

  // The console sets a marker cookie while staff are signed in; src/preflight.ts turns it into the
  // `staff` class before the first paint, and CSS shows the console link instead of the login link.
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-ink/95">
      <div className="container-page flex h-16 items-center gap-2">
        <LocalLink
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-lg font-bold"
          aria-label={t('meta.siteName')}
        >
          <Logo className="size-9" />
          {/* The full name where it fits; beside the full menu (xl) only the big screens have room. */}
          <span className="hidden sm:inline xl:hidden 2xl:inline">{t('meta.siteName')}</span>
          <span className="sm:hidden">{t('meta.siteShortName')}</span>
        </LocalLink>
        <nav aria-label={t('nav.mainNav')} className="ms-auto hidden xl:block">
          <ul className="flex items-center gap-0.5">{links}</ul>
        </nav>
        <div className="ms-auto flex items-center gap-1 xl:ms-2">
          <LanguageMenu />
          <ThemeToggle />
          <a
            href={config.adminUrl}
            className="btn btn-ghost hidden px-2 staff:inline-flex"
            aria-label={t('nav.admin')}
            title={t('nav.admin')}
            data-testid="admin-link"
          >
            <FirstScreenIcon name="shield" />
          </a>
          <a
            href={config.adminUrl}
            className="btn btn-primary hidden whitespace-nowrap sm:inline-flex staff:sm:hidden"
            data-testid="login-link"
          >
            <FirstScreenIcon name="login" className="size-4 rtl:-scale-x-100" />
            {t('nav.login')}
          </a>
          <button
            type="button"
            className="btn btn-ghost px-2 xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            <FirstScreenIcon name={open ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="mobile-nav"
          aria-label={t('nav.mainNav')}
          className="border-t border-gray-200 xl:hidden dark:border-gray-800"
        >
          <ul className="container-page grid gap-1 py-3">
            {links}
            <li className="sm:hidden staff:hidden">
              <a href={config.adminUrl} className="btn btn-primary mt-2 w-full">
                {t('nav.login')}
              </a>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
