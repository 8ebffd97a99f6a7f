import type { en } from '@union/shared/i18n/public/en';

// Typed keys: `t('achievments.title')` fails `npm run typecheck`. The public site only; the
// console has its own i18next (through ra-i18n-i18next) and its own resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
