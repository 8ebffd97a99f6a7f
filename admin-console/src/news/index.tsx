import { Route } from 'react-router-dom';
import { lazyPage } from '../common/lazyPage';
import type { Pages } from '../pages';

const NewsPreview = lazyPage(
  () => import('./NewsPreview'),
  (m) => m.NewsPreview,
);

export default {
  list: lazyPage(
    () => import('./NewsList'),
    (m) => m.NewsList,
  ),
  create: lazyPage(
    () => import('./NewsCreate'),
    (m) => m.NewsCreate,
  ),
  edit: lazyPage(
    () => import('./NewsEdit'),
    (m) => m.NewsEdit,
  ),
  // The saved item as visitors will see it, /news/:id/preview: ranked before the edit page's `:id/*`.
  children: <Route path=":id/preview" element={<NewsPreview />} />,
} satisfies Pages;
