import { Route } from 'react-router-dom';
import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

const AttendeesRoutes = lazyPage(
  () => import('./attendees'),
  (m) => m.AttendeesRoutes,
);

export default {
  list: lazyPage(
    () => import('./EventList'),
    (m) => m.EventList,
  ),
  create: lazyPage(
    () => import('./EventCreate'),
    (m) => m.EventCreate,
  ),
  edit: lazyPage(
    () => import('./EventEdit'),
    (m) => m.EventEdit,
  ),
  // The attendee list and check-in of an event, /events/:id/attendees(/check-in): a child
  // route of the resource, ranked before the edit page's `:id/*`.
  children: <Route path=":id/attendees/*" element={<AttendeesRoutes />} />,
} satisfies Pages;
