import { useTranslation } from '../../lib/i18n';
import { HOME_LIST_LIMIT } from '@union/shared/constants';
import { DataBlock } from '../../components/DataState';
import { DeferredRender } from '../../components/DeferredRender';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAsync } from '../../lib/useAsync';
import { AchievementCard } from '../achievements/AchievementCard';
import { listAchievements } from '../achievements/api';
import { BoardMemberCard } from '../board/BoardMemberCard';
import { listBoardMembers } from '../board/api';
import { EventCard } from '../events/EventCard';
import { listEvents } from '../events/api';
import { Hero } from './Hero';
import { HomeSection } from './HomeSection';
import { Statistics } from './Statistics';

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.siteName'), t('meta.description'));
  const events = useAsync(() => listEvents('upcoming', HOME_LIST_LIMIT), []);
  const board = useAsync(() => listBoardMembers(HOME_LIST_LIMIT), []);
  const achievements = useAsync(() => listAchievements(HOME_LIST_LIMIT), []);

  return (
    <>
      <Hero />
      <DeferredRender>
      <HomeSection id="home-events" title={t('home.upcomingEvents')} to="/events">
        <DataBlock state={events} empty={t('home.noUpcomingEvents')}>
          {(items) => (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {items.map((e) => (
                <EventCard key={e.id} event={e} />
              ))}
            </div>
          )}
        </DataBlock>
      </HomeSection>
      <Statistics />
      <HomeSection id="home-board" title={t('home.boardMembers')} to="/board">
        <DataBlock state={board} empty={t('home.noBoardMembers')}>
          {(items) => (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((m) => (
                <BoardMemberCard key={m.id} member={m} showBio={false} />
              ))}
            </div>
          )}
        </DataBlock>
      </HomeSection>
      <HomeSection id="home-achievements" title={t('home.achievements')} to="/achievements">
        <DataBlock state={achievements} empty={t('home.noAchievements')}>
          {(items) => (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {items.map((a) => (
                <AchievementCard key={a.id} achievement={a} />
              ))}
            </div>
          )}
        </DataBlock>
      </HomeSection>
      <section className="lazy-render container-page grid gap-6 py-14 lg:grid-cols-5" aria-label={t('home.presidentTitle')}>
        <figure className="card relative p-8 lg:col-span-3">
          <div className="absolute inset-y-0 start-0 w-1.5 bg-brand" aria-hidden="true" />
          <h2 className="section-title">{t('home.presidentTitle')}</h2>
          <blockquote className="mt-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">{t('home.presidentMessage')}</blockquote>
          <figcaption className="mt-4 font-semibold text-brand dark:text-brand-soft">— {t('home.presidentSignature')}</figcaption>
        </figure>
        <div className="card relative p-8 lg:col-span-2">
          <div className="absolute inset-y-0 start-0 w-1.5 bg-accent" aria-hidden="true" />
          <h2 className="section-title">{t('home.thanksTitle')}</h2>
          <p className="mt-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">{t('home.thanksMessage')}</p>
        </div>
      </section>
      </DeferredRender>
    </>
  );
}
