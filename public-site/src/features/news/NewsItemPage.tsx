import { useParams } from 'react-router-dom';
import { localize } from '@union/shared/localized';
import { formatDate } from '@union/shared/format';
import { publicImageUrl } from '@union/shared/storage';
import { RecordBlock } from '../../components/DataState';
import { Icon } from '../../components/Icon';
import { LocalLink } from '../../components/LocalLink';
import { PHONE_CONTENT_WIDTH, SmartImage } from '../../components/SmartImage';
import { config } from '../../lib/config';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { newsJsonLd } from '../../lib/structuredData';
import type { NewsRow } from '../../lib/types';
import { NotFound } from '../notfound/NotFoundPage';
import { newsItemQuery } from './api';
import { RichText } from './RichText';

export function NewsArticle({ item }: { item: NewsRow }) {
  const { t, lang } = useTranslation();
  return (
    <article className="container-page max-w-3xl py-10" data-testid="news-page">
      <LocalLink to="/news" className="link inline-flex items-center gap-1">
        <Icon name="arrow" className="size-4 ltr:-scale-x-100" />
        {t('news.backToNews')}
      </LocalLink>
      <header className="mt-6 grid gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{localize(item.title, lang)}</h1>
        {item.publish_at && (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t('news.published')}{' '}
            <time dateTime={item.publish_at} suppressHydrationWarning>
              {formatDate(item.publish_at, lang)}
            </time>
          </p>
        )}
        <p className="text-xl text-gray-700 dark:text-gray-300">{localize(item.summary, lang)}</p>
      </header>
      {item.cover_path && (
        <SmartImage
          path={item.cover_path}
          sizes={`(min-width: 768px) 768px, ${PHONE_CONTENT_WIDTH}`}
          alt={localize(item.cover_alt, lang)}
          width={1280}
          height={720}
          eager
          className="card mt-6 aspect-video w-full object-cover"
          fallback={null}
        />
      )}
      <div className="mt-8">
        <RichText html={localize(item.body, lang)} />
      </div>
    </article>
  );
}

export default function NewsItemPage() {
  const { id = '' } = useParams();
  const { t, lang } = useTranslation();
  const state = useQuery(newsItemQuery(id));
  const item = state.data ?? null;
  const image = item?.cover_path ? publicImageUrl(config, item.cover_path) : null;
  usePageHead(
    item
      ? {
          title: localize(item.title, lang),
          description: localize(item.summary, lang).slice(0, 160),
          image,
          jsonLd: newsJsonLd(item, lang, t, image),
          article: {
            publishedTime: new Date(item.publish_at ?? item.created_at).toISOString(),
            modifiedTime: new Date(item.updated_at).toISOString(),
          },
        }
      : state.status === 'success'
        ? { title: t('meta.titles.notFound'), description: t('meta.descriptions.notFound'), noindex: true }
        : { title: t('meta.titles.newsItem'), description: t('meta.descriptions.news'), noindex: true },
  );
  return (
    <RecordBlock state={state} missing={<NotFound />}>
      {(record) => <NewsArticle item={record} />}
    </RecordBlock>
  );
}
