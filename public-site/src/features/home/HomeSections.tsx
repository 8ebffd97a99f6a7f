import { HOME_LIST_LIMIT } from '@union/shared/constants';
import { DataBlock } from '../../components/DataState';
import { useQuery } from '../../lib/data';
import { useTranslation } from '../../lib/i18n';
import { AchievementGrid } from '../achievements/AchievementGrid';
import { achievementsQuery } from '../achievements/api';
import { BoardMemberGrid } from '../board/BoardMemberGrid';
import { boardQuery } from '../board/api';
import { EventCard } from '../events/EventCard';
import { eventsQuery } from '../events/api';
import { newsListQuery } from '../news/api';
import { NewsGrid } from '../news/NewsGrid';
import { HomeSection } from './HomeSection';
import { Statistics } from './Statistics';

/** The home page below the hero: upcoming events, news, figures, the board, achievements, the president's word. */
export default function HomeSections() {
  const { t } = useTranslation();
  const events = useQuery(eventsQuery('upcoming', HOME_LIST_LIMIT));
  const board = useQuery(boardQuery(HOME_LIST_LIMIT));
  const achievements = useQuery(achievementsQuery(HOME_LIST_LIMIT));
  const news = useQuery(newsListQuery(HOME_LIST_LIMIT));

  return (
    <>
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
      <HomeSection id="home-news" title={t('home.latestNews')} to="/news">
        <NewsGrid state={news} empty={t('home.noNews')} />
      </HomeSection>
      <Statistics />
      <HomeSection id="home-board" title={t('home.boardMembers')} to="/board">
        <BoardMemberGrid state={board} empty={t('home.noBoardMembers')} showBio={false} />
      </HomeSection>
      <HomeSection id="home-achievements" title={t('home.achievements')} to="/achievements">
        <AchievementGrid state={achievements} empty={t('home.noAchievements')} />
      </HomeSection>
      <section
        className="lazy-render container-page grid gap-6 py-14 lg:grid-cols-5"
        aria-label={t('home.presidentTitle')}
      >
        <figure className="card relative p-8 lg:col-span-3">
          <div className="absolute inset-y-0 start-0 w-1.5 bg-brand" aria-hidden="true" />
          <h2 className="section-title">{t('home.presidentTitle')}</h2>
          <blockquote className="mt-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">
            {t('home.presidentMessage')}
          </blockquote>
          <figcaption className="mt-4 font-semibold text-brand dark:text-brand-soft">
            — {t('home.presidentSignature')}
          </figcaption>
        </figure>
        <div className="card relative p-8 lg:col-span-2">
          <div className="absolute inset-y-0 start-0 w-1.5 bg-accent" aria-hidden="true" />
          <h2 className="section-title">{t('home.thanksTitle')}</h2>
          <p className="mt-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">{t('home.thanksMessage')}</p>
        </div>
      </section>
    </>
  );
}
