import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { useI18nextProvider } from 'ra-i18n-i18next';
import { createInstance } from 'i18next';
import { isRtl, isLanguage, type Language } from '@union/shared/constants';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import { authProvider } from './providers/authProvider';
import { lazyDataProvider } from './providers/lazyDataProvider';
import { rememberLanguage } from './providers/userLanguage';
import { sharedThemeStore } from './providers/store';
import { loadTexts, type Tree } from './i18n/messages';
import { applyLanguage, initialLanguage } from './i18n/language';
import { Layout } from './layout/Layout';
import { ConsoleAdmin } from './layout/ConsoleAdmin';
import { lazyPage } from './common/lazyPage';
import { ltrCache, makeThemes, rtlCache } from './layout/theme';
import { paginationComponents } from './layout/pagination';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { PAGES, RESOURCES, isSuperadminGroup, type AnyResource, type Pages } from './registry';
import { superadminOnly } from './superadmin/guard';
import { recordRepresentation } from './common/representation';
import { useT } from './i18n/keys';

const availableLocales = [
  { locale: 'ar', name: 'العربية' },
  { locale: 'en', name: 'English' },
  { locale: 'tr', name: 'Türkçe' },
];

// Light or dark, shared with the public site (see providers/store.ts).
const store = sharedThemeStore();

// Not on the first screen: loaded when a password mail's link or "forgot password" is followed.
const ForgotPasswordPage = lazyPage(
  () => import('./auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const SetPasswordPage = lazyPage(
  () => import('./auth/SetPasswordPage'),
  (m) => m.SetPasswordPage,
);

/** A resource's pages, behind the superadmin check when its menu group is for superadmins. */
function guarded({ pages, group }: AnyResource): Pages {
  if (!isSuperadminGroup(group)) return pages;
  const out: Pages = { ...pages };
  for (const kind of ['list', 'create', 'edit', 'show'] as const) {
    const page = pages[kind];
    if (page) out[kind] = superadminOnly(page);
  }
  return out;
}

// Built once: a page component made during render would remount on every render.
const resourceRoutes = (RESOURCES as readonly AnyResource[]).map((spec) => ({
  name: spec.name,
  pages: guarded(spec),
  icon: spec.icon,
  representation: spec.title && recordRepresentation(spec.title),
}));
const pageRoutes = PAGES.map(({ path, page, group }) => ({
  path,
  Page: isSuperadminGroup(group) ? superadminOnly(page) : page,
}));

/** The console's name in the visitor's language (react-admin shows a string title as it is). */
const AppTitle = () => <>{useT()('app.title')}</>;

/** The language on screen and its texts, loaded before the console is drawn in it. */
interface Texts {
  lang: Language;
  tree: Tree;
}

/**
 * The console in one language. Switching language loads the other texts and draws the
 * console again under a new key, as react-admin itself re-renders the whole page on a locale
 * change; the address stays, since the router is outside.
 */
const Console = ({ texts, onLanguage }: { texts: Texts; onLanguage: (lang: Language) => Promise<void> }) => {
  const { lang, tree } = texts;
  const options = useMemo(
    () => ({
      resources: { [lang]: { translation: tree } },
      lng: lang,
      // Every language has every key (i18n/resources.test.ts), so there is nothing to fall back to.
      fallbackLng: false as const,
      supportedLngs: [lang],
      nsSeparator: false as const,
      interpolation: textInterpolation,
    }),
    [lang, tree],
  );
  // Numbers in every text through the language's formatting (@union/shared/i18n/numbers).
  const instance = useMemo(() => createInstance().use(localeNumbers), []);
  const base = useI18nextProvider({ i18nextInstance: instance, options, availableLocales });
  const i18nProvider = useMemo<I18nProvider | null>(
    () =>
      base && {
        ...base,
        getLocale: () => lang,
        changeLocale: async (locale: string) => {
          if (!isLanguage(locale) || locale === lang) return;
          // Signed in, the choice also goes to the account, for the password-reset mail.
          void rememberLanguage(locale);
          await onLanguage(locale);
        },
      },
    [base, lang, onLanguage],
  );
  // The browser tab says where the staff member is, in their language.
  useEffect(() => {
    if (i18nProvider) document.title = i18nProvider.translate('app.title');
  }, [i18nProvider]);
  const direction = isRtl(lang) ? 'rtl' : 'ltr';
  const themes = useMemo(() => {
    const made = makeThemes(direction);
    const components = paginationComponents(lang, tree);
    return {
      light: { ...made.light, components: { ...made.light.components, ...components } },
      dark: { ...made.dark, components: { ...made.dark.components, ...components } },
    };
  }, [direction, lang, tree]);
  if (!i18nProvider) return null;
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ConsoleAdmin
        basename="/admin"
        title={<AppTitle />}
        dataProvider={lazyDataProvider}
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
        {resourceRoutes.map(({ name, pages, icon, representation }) => (
          <Resource key={name} name={name} {...pages} icon={icon} recordRepresentation={representation} />
        ))}
        <CustomRoutes>
          {pageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </CustomRoutes>
        <CustomRoutes noLayout>
          {/* The addresses the spec gives these pages, kept working beside the resource names. */}
          <Route path="/users" element={<Navigate to="/admin/staff" replace />} />
          <Route path="/board-members" element={<Navigate to="/admin/board_members" replace />} />
          <Route
            path="/forgot-password"
            element={
              <Suspense fallback={null}>
                <ForgotPasswordPage />
              </Suspense>
            }
          />
          <Route
            path="/set-password"
            element={
              <Suspense fallback={null}>
                <SetPasswordPage />
              </Suspense>
            }
          />
        </CustomRoutes>
      </ConsoleAdmin>
    </CacheProvider>
  );
};

export const App = () => {
  const [texts, setTexts] = useState<Texts | null>(null);
  const showIn = useCallback(async (lang: Language) => setTexts({ lang, tree: await loadTexts(lang) }), []);
  useEffect(() => {
    void showIn(initialLanguage());
  }, [showIn]);
  useEffect(() => {
    if (texts) applyLanguage(texts.lang);
  }, [texts]);
  if (!texts) return null;
  // A browser (not hash) router with the console under /admin/*: the password-recovery
  // mail link lands on /admin/set-password#access_token=…, which a hash route would break.
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Console key={texts.lang} texts={texts} onLanguage={showIn} />} />
        <Route path="*" element={<Navigate to="/admin/" replace />} />
      </Routes>
    </BrowserRouter>
  );
};
