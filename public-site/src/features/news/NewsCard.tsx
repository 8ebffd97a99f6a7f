import { localize } from '@union/shared/localized';
import { formatDate } from '@union/shared/format';
import { Icon } from '../../components/Icon';
import { LocalLink } from '../../components/LocalLink';
import { CARD_IMAGE_SIZES, ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import { useTranslation } from '../../lib/i18n';
import type { NewsListRow } from '../../lib/types';

/** One item in a list (home, /news): cover, date, title linking to the item, summary. */
export function NewsCard({ item }: { item: NewsListRow }) {
  const { t, lang } = useTranslation();
  const title = localize(item.title, lang);
  return (
    <article className="card relative flex flex-col" data-testid="news-card">
      <SmartImage
        path={item.cover_path}
        sizes={CARD_IMAGE_SIZES}
        alt={localize(item.cover_alt, lang)}
        width={640}
        height={360}
        className="aspect-video w-full object-cover"
        fallback={
          <ImagePlaceholder className="aspect-video w-full">
            <Icon name="calendar" className="size-12" />
          </ImagePlaceholder>
        }
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-accent dark:text-accent-soft">
          {item.pinned && (
            <span className="rounded-full bg-brand/10 px-2 py-0.5 text-brand dark:bg-brand-soft/10 dark:text-brand-soft">
              {t('news.pinned')}
            </span>
          )}
          {item.publish_at && (
            <time dateTime={item.publish_at} suppressHydrationWarning>
              {formatDate(item.publish_at, lang)}
            </time>
          )}
        </p>
        <h3 className="text-lg font-bold">
          {/* The whole card is the link's target (its ::after covers the card). */}
          <LocalLink to={`/news/${item.id}`} className="after:absolute after:inset-0 hover:underline">
            {title}
          </LocalLink>
        </h3>
        <p className="text-gray-700 dark:text-gray-300">{localize(item.summary, lang)}</p>
      </div>
    </article>
  );
}
