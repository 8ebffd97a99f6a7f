import { Suspense, useMemo } from 'react';
import { CustomRoutes, Resource, useLogin, type I18nProvider, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { isRtl } from '@union/shared/constants';
import { authProvider } from './providers/authProvider';
import { lazyDataProvider } from './providers/lazyDataProvider';
import type { Texts } from './i18n/provider';
import { Layout } from './layout/Layout';
import { ConsoleAdmin } from './layout/ConsoleAdmin';
import { lazyPage } from './common/lazyPage';
import { ltrCache, makeThemes, rtlCache } from './layout/theme';
import { paginationComponents } from './layout/pagination';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { PAGES, RESOURCES, isSuperadminGroup, type AnyResource, type MenuGroup, type ResourceName } from './registry';
import { PAGE_COMPONENTS, RESOURCE_PAGES } from './resourcePages';
import type { Pages } from './pages';
import { superadminOnly } from './superadmin/guard';
import { recordRepresentation } from './common/representation';
import { useT } from './i18n/keys';

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
function guarded(name: ResourceName, group: MenuGroup): Pages {
  const pages = RESOURCE_PAGES[name];
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
  pages: guarded(spec.name as ResourceName, spec.group),
  icon: spec.icon,
  representation: spec.title && recordRepresentation(spec.title),
}));
const pageRoutes = PAGES.map(({ path, group }) => ({
  path,
  Page: isSuperadminGroup(group) ? superadminOnly(PAGE_COMPONENTS[path]) : PAGE_COMPONENTS[path],
}));

/** The console's name in the visitor's language (react-admin shows a string title as it is). */
const AppTitle = () => <>{useT()('app.title')}</>;

/** The sign-in page inside the console (after signing out), with react-admin's own login and redirect. */
const ConsoleLoginPage = () => <LoginPage login={useLogin()} />;

/**
 * The whole console (react-admin, its providers, every resource), in one language. Loaded after
 * the sign-in page (see App.tsx): what only signed-in staff use stays out of its download.
 */
export const Console = ({ texts, i18nProvider, store }: { texts: Texts; i18nProvider: I18nProvider; store: Store }) => {
  const { lang, tree } = texts;
  const direction = isRtl(lang) ? 'rtl' : 'ltr';
  const themes = useMemo(() => {
    const made = makeThemes(direction);
    const components = paginationComponents(lang, tree);
    return {
      light: { ...made.light, components: { ...made.light.components, ...components } },
      dark: { ...made.dark, components: { ...made.dark.components, ...components } },
    };
  }, [direction, lang, tree]);
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ConsoleAdmin
        basename="/admin"
        title={<AppTitle />}
        dataProvider={lazyDataProvider}
        authProvider={authProvider}
        store={store}
        i18nProvider={i18nProvider}
        loginPage={ConsoleLoginPage}
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
