import type { ReactNode } from 'react';
import { deferred } from '../lib/deferred';
import { useTranslation } from '../lib/i18n';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

// Below the page's content on every page: its code loads after the first screen's (lib/deferred.tsx).
const Footer = deferred<object>(() => import('./Footer').then((m) => ({ default: m.Footer })));

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-brand focus:px-4 focus:py-2 focus:text-white"
      >
        {t('nav.skipToContent')}
      </a>
      <ScrollToTop />
      <Header />
      {/* At least a screen tall: content arriving later never pushes a visible footer (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
