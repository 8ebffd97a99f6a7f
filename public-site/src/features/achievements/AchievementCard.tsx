import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { formatDate } from '@union/shared/format';
import { publicImageUrl } from '@union/shared/storage';
import { Icon } from '../../components/Icon';
import { ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import { config } from '../../lib/config';
import type { AchievementRow } from '../../lib/types';
import { useLang } from '../../lib/useLang';

export function AchievementCard({ achievement }: { achievement: AchievementRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = localize(achievement.title, lang);
  return (
    <article className="card flex flex-col" data-testid="achievement">
      <SmartImage
        src={publicImageUrl(config, achievement.photo_path)}
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
        <time dateTime={achievement.achieved_on} className="text-sm font-medium text-accent dark:text-accent-soft">
          {formatDate(`${achievement.achieved_on}T12:00:00`, lang)}
        </time>
        <h3 className="text-lg font-bold">{title}</h3>
        <p className="text-gray-700 dark:text-gray-300">{localize(achievement.description, lang)}</p>
      </div>
    </article>
  );
}
