import { lazy } from 'react';
import { Route, Router, Switch } from 'wouter';
import { Layout } from './components/Layout';
import { HomePage } from './features/home/HomePage';
import { listAchievements } from './features/achievements/api';
import { listBoardMembers } from './features/board/api';
import { listEvents } from './features/events/api';
import { listBooks } from './features/library/api';
import { useAppLocation } from './lib/location';
import { prefetch } from './lib/prefetch';

// Home is in the first download; every other page is its own chunk, fetched on navigation
// together with its data (lib/prefetch.ts).
const AboutPage = lazy(() => import('./features/about/AboutPage'));
const SponsorPage = lazy(() => import('./features/sponsor/SponsorPage'));
const BoardPage = lazy(() => {
  prefetch('board', () => listBoardMembers());
  return import('./features/board/BoardPage');
});
const EventsPage = lazy(() => {
  const when = new URLSearchParams(window.location.search).get('show') === 'past' ? 'past' : 'upcoming';
  prefetch(`events:${when}`, () => listEvents(when));
  return import('./features/events/EventsPage');
});
const EventPage = lazy(() => import('./features/events/EventPage'));
const LibraryPage = lazy(() => {
  prefetch('books', listBooks);
  return import('./features/library/LibraryPage');
});
const AchievementsPage = lazy(() => {
  prefetch('achievements', () => listAchievements());
  return import('./features/achievements/AchievementsPage');
});
const ContactPage = lazy(() => import('./features/contact/ContactPage'));
const LoginPage = lazy(() => import('./features/login/LoginPage'));
const NotFoundPage = lazy(() => import('./features/notfound/NotFoundPage'));

export function App() {
  return (
    <Router hook={useAppLocation}>
      <Layout>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/sponsor" component={SponsorPage} />
          <Route path="/board" component={BoardPage} />
          <Route path="/events" component={EventsPage} />
          <Route path="/events/:id" component={EventPage} />
          <Route path="/library" component={LibraryPage} />
          <Route path="/achievements" component={AchievementsPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/login" component={LoginPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Layout>
    </Router>
  );
}
