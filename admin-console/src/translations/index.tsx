import { lazy } from 'react';

// Lazy: it bundles the public site's texts in three languages.
export const TranslationsPage = lazy(() => import('./TranslationsPage').then((m) => ({ default: m.TranslationsPage })));
