import { useQuery } from '../../lib/data';
import { deferred } from '../../lib/deferred';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { settingsQuery } from '../../lib/settings';
import { Hero } from './Hero';
import { organizationJsonLd } from './organization';

// Everything below the hero: its code loads after the first screen's (lib/deferred.tsx).
const HomeSections = deferred(() => import('./HomeSections'));

export default function HomePage() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery);
  usePageHead({
    title: t('meta.siteName'),
    description: t('meta.description'),
    jsonLd: organizationJsonLd(t, settings.data),
  });
  return (
    <>
      <Hero />
      <HomeSections />
    </>
  );
}
