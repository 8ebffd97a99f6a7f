import { useEffect } from 'react';
import { useTranslation } from './i18n';

/** Document title and meta description in the visitor's language (search results, tabs, sharing). */
export function usePageMeta(title: string, description?: string): void {
  const { t } = useTranslation();
  const site = t('meta.siteName');
  const text = description ?? t('meta.description');
  useEffect(() => {
    document.title = title && title !== site ? `${title} | ${site}` : site;
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, site, text]);
}
