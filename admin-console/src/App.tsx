import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource, useTranslate, type I18nProvider } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { useI18nextProvider } from 'ra-i18n-i18next';
import { isRtl, isLanguage, type Language } from '@union/shared/constants';
import { authProvider } from './providers/authProvider';
import { rememberLanguage } from './providers/userLanguage';
import { dataProvider } from './providers/dataProvider';
import { sharedThemeStore } from './providers/store';
import { resources } from './i18n/messages';
import { applyLanguage, initialLanguage } from './i18n/language';
import { Layout } from './layout/Layout';
import { ltrCache, makeThemes, rtlCache } from './layout/theme';
import { LoginPage } from './auth/LoginPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { SetPasswordPage } from './auth/SetPasswordPage';
import { Dashboard } from './dashboard/Dashboard';
import events from './events';
import boardMembers from './board_members';
import books from './books';
import achievements from './achievements';
import statistics from './statistics';
import submissions from './submissions';
import students from './students';
import staff from './staff';
import auditLog from './audit_log';
import { SettingsPage } from './settings/SettingsPage';
import { TranslationsPage } from './translations';
import { PrivacyRequestsPage } from './privacy';

const availableLocales = [
  { locale: 'ar', name: 'العربية' },
  { locale: 'en', name: 'English' },
  { locale: 'tr', name: 'Türkçe' },
];

const startLanguage = initialLanguage();
// Light or dark, shared with the public site (see providers/store.ts).
const store = sharedThemeStore();
// A fresh object each render would re-initialise i18next: keep it module-level.
const i18nOptions = {
  resources,
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: ['ar', 'en', 'tr'],
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
};

/** The console's name in the visitor's language (react-admin shows a string title as it is). */
const AppTitle = () => <>{useTranslate()('app.title')}</>;

export const App = () => {
  const [lang, setLang] = useState<Language>(startLanguage);
  const base = useI18nextProvider({ options: i18nOptions, availableLocales });
  // The language lives outside <Admin> too, because the theme direction and the emotion
  // cache (RTL or not) are chosen above it.
  const i18nProvider = useMemo<I18nProvider | null>(
    () =>
      base && {
        ...base,
        changeLocale: async (locale: string) => {
          await base.changeLocale(locale);
          if (isLanguage(locale)) setLang(locale);
          // Signed in, the choice also goes to the account, for the password-reset mail.
          void rememberLanguage(locale);
        },
      },
    [base],
  );
  useEffect(() => applyLanguage(lang), [lang]);
  // The browser tab says where the staff member is, in their language.
  useEffect(() => {
    if (i18nProvider) document.title = i18nProvider.translate('app.title');
  }, [i18nProvider, lang]);
  const direction = isRtl(lang) ? 'rtl' : 'ltr';
  const themes = useMemo(() => makeThemes(direction), [direction]);

  if (!i18nProvider) return null;
  const admin = (
    <Admin
      basename="/admin"
      disableTelemetry
      title={<AppTitle />}
      dataProvider={dataProvider}
      authProvider={authProvider}
      store={store}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={Layout}
      dashboard={Dashboard}
      theme={themes.light}
      lightTheme={themes.light}
      darkTheme={themes.dark}
      defaultTheme="dark"
    >
      <Resource name="events" {...events} options={{ label: 'menu.events' }} />
      <Resource name="board_members" {...boardMembers} options={{ label: 'menu.board_members' }} />
      <Resource name="books" {...books} options={{ label: 'menu.books' }} />
      <Resource name="achievements" {...achievements} options={{ label: 'menu.achievements' }} />
      <Resource name="statistics" {...statistics} options={{ label: 'menu.statistics' }} />
      <Resource name="submissions" {...submissions} options={{ label: 'menu.submissions' }} />
      <Resource name="translations" list={TranslationsPage} options={{ label: 'menu.translations' }} />
      <Resource name="students" {...students} options={{ label: 'menu.students' }} />
      <Resource name="staff" {...staff} options={{ label: 'menu.users' }} />
      <Resource name="audit_log" {...auditLog} options={{ label: 'menu.audit_log' }} />
      <CustomRoutes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/privacy" element={<PrivacyRequestsPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        {/* The addresses the spec gives these pages, kept working beside the resource names. */}
        <Route path="/users" element={<Navigate to="/admin/staff" replace />} />
        <Route path="/board-members" element={<Navigate to="/admin/board_members" replace />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/set-password" element={<SetPasswordPage />} />
      </CustomRoutes>
    </Admin>
  );
  // A browser (not hash) router with the console under /admin/*: the password-recovery
  // mail link lands on /admin/set-password#access_token=…, which a hash route would break.
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={admin} />
          <Route path="*" element={<Navigate to="/admin/" replace />} />
        </Routes>
      </BrowserRouter>
    </CacheProvider>
  );
};
