import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import type { NewsListRow } from '../../lib/types';
import { NEWS_PAGE_SIZE, newsListQuery } from './api';
import { NewsCards, NewsGrid } from './NewsGrid';
import { newsFeedPath } from './feedPath';

/** The pages after the first, loaded when the visitor asks for more. */
function useMore() {
  const [pages, setPages] = useState<NewsListRow[][]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await newsListQuery(NEWS_PAGE_SIZE, pages.length + 1).load();
      setPages((p) => [...p, next]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { pages, loading, failed, load };
}

export default function NewsPage() {
  const { t, lang } = useTranslation();
  usePageHead({ title: t('meta.titles.news'), description: t('meta.descriptions.news') });
  const first = useQuery(newsListQuery());
  const more = useMore();
  const last = more.pages.at(-1) ?? first.data;
  const hasMore = (last?.length ?? 0) === NEWS_PAGE_SIZE;
  return (
    <>
      <PageHeader title={t('news.title')} subtitle={t('news.subtitle')} />
      <div className="container-page grid gap-8 py-12">
        <h2 className="sr-only">{t('news.title')}</h2>
        <NewsGrid state={first} empty={t('news.empty')} />
        {more.pages.map((items, i) => (
          <NewsCards key={i} items={items} />
        ))}
        <div className="flex flex-wrap items-center justify-between gap-4">
          {hasMore && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void more.load()}
              disabled={more.loading}
            >
              {t('news.more')}
            </button>
          )}
          {more.loading && <Spinner />}
          {more.failed && <p role="alert">{t('common.loadError')}</p>}
          <a href={newsFeedPath(lang)} className="link inline-flex items-center gap-1" type="application/rss+xml">
            <Icon name="share" className="size-4" />
            {t('news.feed')}
          </a>
        </div>
      </div>
    </>
  );
}
