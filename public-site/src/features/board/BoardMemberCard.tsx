import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { Icon, type IconName } from '../../components/Icon';
import { SmartImage } from '../../components/SmartImage';
import type { BoardMemberRow } from '../../lib/types';
import { isolate } from '../../lib/bidi';

const SOCIALS: {
  field: 'linkedin_url' | 'twitter_url' | 'instagram_url' | 'facebook_url';
  icon: IconName;
  network: 'linkedin' | 'twitter' | 'instagram' | 'facebook';
}[] = [
  { field: 'linkedin_url', icon: 'linkedin', network: 'linkedin' },
  { field: 'twitter_url', icon: 'twitter', network: 'twitter' },
  { field: 'instagram_url', icon: 'instagram', network: 'instagram' },
  { field: 'facebook_url', icon: 'facebook', network: 'facebook' },
];

export function BoardMemberCard({ member, showBio = true }: { member: BoardMemberRow; showBio?: boolean }) {
  const { t, lang } = useTranslation();
  const name = localize(member.name, lang);
  // No photo: the default avatar for the member's gender (docs/decisions.md, "Content").
  const avatar = `/avatars/${member.gender === 'female' ? 'female' : 'male'}.svg`;
  // The default avatar is not a photo of the person: decorative, so screen readers skip it.
  const avatarImg = (
    <img
      src={avatar}
      alt=""
      width={160}
      height={160}
      loading="lazy"
      className="size-32 rounded-full object-cover ring-4 ring-brand/20"
    />
  );
  const socials = SOCIALS.filter((s) => member[s.field]);
  return (
    <article className="card flex flex-col items-center p-6 text-center" data-testid="board-member">
      <SmartImage
        path={member.photo_path}
        sizes="128px"
        alt={t('board.photoAlt', { name })}
        width={160}
        height={160}
        className="size-32 rounded-full object-cover ring-4 ring-brand/20"
        fallback={avatarImg}
      />
      <p className="mt-4 rounded-full bg-brand/10 px-3 py-1 text-xs font-semibold text-brand dark:bg-brand-soft/10 dark:text-brand-soft">
        {/* Arabic titles agree with the person (board-roles.ts): «نائبة الرئيس» for a woman. */}
        {t(`board.roles.${member.role}`, { context: member.gender === 'female' ? 'female' : undefined })}
      </p>
      <h3 className="mt-3 text-lg font-bold">
        <bdi>{name}</bdi>
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">{localize(member.title, lang)}</p>
      {showBio && <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{localize(member.bio, lang)}</p>}
      {socials.length > 0 && (
        <ul className="mt-4 flex gap-1">
          {socials.map((s) => (
            <li key={s.field}>
              <a
                href={member[s.field] ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-ghost size-11 p-0"
                aria-label={`${t('board.socialLabel', { name: isolate(name), network: t(`footer.social.${s.network}`) })} ${t('common.opensNewTab')}`}
              >
                <Icon name={s.icon} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
