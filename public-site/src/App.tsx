import { lazy, useSyncExternalStore } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { HomePage } from './features/home/HomePage';
import { listAchievements } from './features/achievements/api';
import { listBoardMembers } from './features/board/api';
import { listEvents } from './features/events/api';
import { listBooks } from './features/library/api';
import { overridesStore } from './lib/i18n';
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
  // Re-render every text when the staff overrides fetched at start-up replace the cached ones.
  useSyncExternalStore(overridesStore.subscribe, overridesStore.getSnapshot);
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="sponsor" element={<SponsorPage />} />
        <Route path="board" element={<BoardPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="events/:id" element={<EventPage />} />
        <Route path="library" element={<LibraryPage />} />
        <Route path="achievements" element={<AchievementsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
