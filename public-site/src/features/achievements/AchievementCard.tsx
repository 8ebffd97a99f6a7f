import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { formatDay } from '@union/shared/format';
import { Icon } from '../../components/Icon';
import { CARD_IMAGE_SIZES, ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import type { AchievementRow } from '../../lib/types';

export function AchievementCard({ achievement }: { achievement: AchievementRow }) {
  const { t, lang } = useTranslation();
  const title = localize(achievement.title, lang);
  return (
    <article className="card flex flex-col" data-testid="achievement">
      <SmartImage
        path={achievement.photo_path}
        sizes={CARD_IMAGE_SIZES}
        alt={t('achievements.photoAlt', { title })}
        width={640}
        height={360}
        className="aspect-video w-full object-cover"
        fallback={
          <ImagePlaceholder className="aspect-video w-full">
            <Icon name="award" className="size-12" />
          </ImagePlaceholder>
        }
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <time
          dateTime={achievement.achieved_on}
          className="text-sm font-medium text-accent dark:text-accent-soft"
          suppressHydrationWarning
        >
          {formatDay(achievement.achieved_on, lang)}
        </time>
        <h3 className="text-lg font-bold">{title}</h3>
        <p className="text-gray-700 dark:text-gray-300">{localize(achievement.description, lang)}</p>
      </div>
    </article>
  );
}
