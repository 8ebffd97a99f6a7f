import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@union/shared/constants';
import { auth } from './providers/auth';
import { authProvider } from './providers/authProvider';
import { isPublicPath } from './providers/permissions';
import { sharedThemeStore } from './providers/store';
import { loadTexts } from './i18n/messages';
import { applyLanguage, initialLanguage } from './i18n/language';
import { useConsoleI18nProvider, type Texts } from './i18n/provider';
import { SignInScreen } from './auth/SignInScreen';
import { ConsoleFrame } from './layout/ConsoleFrame';
import { PageLoadFailed } from './common/PageLoadFailed';

// Light or dark, shared with the public site (see providers/store.ts).
const store = sharedThemeStore();

// The console's code: react-admin's pages, the data provider and every resource. Not part of the
// sign-in page's download; loaded once needed (a session, or the staff member signing in).
let consoleCode: Promise<typeof import('./Console')> | null = null;
const loadConsole = () =>
  (consoleCode ??= import('./Console').catch((error: unknown) => {
    consoleCode = null; // tried again next time
    throw error;
  }));
type ConsoleProps = Parameters<typeof import('./Console').Console>[0];
// Offline, code that cannot arrive shows so in the console's place, with "Try again", not an
// empty window (nothing above would catch the error).
const Console = lazy<ComponentType<ConsoleProps>>(() =>
  loadConsole().then(
    (m) => ({ default: m.Console }),
    () => ({ default: ConsoleLoadFailed }),
  ),
);

function ConsoleLoadFailed({ texts, i18nProvider, store }: ConsoleProps) {
  return (
    <ConsoleFrame lang={texts.lang} i18nProvider={i18nProvider} store={store}>
      <PageLoadFailed />
    </ConsoleFrame>
  );
}

const SIGN_IN_PATH = '/admin/login';

/**
 * What to show before the console's code is loaded. The sign-in page draws itself; a page of
 * its own (forgot / set password) opens the console; any other page opens it with a session,
 * and without one goes to the sign-in page, remembering where it was asked for, as
 * react-admin's own check does (authProvider.checkAuth, then its logout's redirect).
 */
function useScreen(consoleOpen: boolean, openConsole: () => void): 'console' | 'sign-in' | null {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signInPage = pathname === SIGN_IN_PATH;
  useEffect(() => {
    if (consoleOpen || signInPage) return;
    if (isPublicPath(pathname)) return openConsole();
    let live = true;
    // With a stored session the console will be needed: its code loads while the role is read.
    void auth.getSession().then(({ data }) => data.session && loadConsole().catch(() => undefined));
    authProvider.checkAuth({}).then(
      () => live && openConsole(),
      () => live && navigate(SIGN_IN_PATH, { state: { nextPathname: pathname, nextSearch: search } }),
    );
    return () => {
      live = false;
    };
  }, [consoleOpen, signInPage, pathname, search, navigate, openConsole]);
  return consoleOpen ? 'console' : signInPage ? 'sign-in' : null;
}

/**
 * The console in one language. Switching language loads the other texts and draws everything
 * again under a new key; the address stays, since the router is outside.
 */
const Screens = ({
  texts,
  onLanguage,
  consoleOpen,
  openConsole,
}: {
  texts: Texts;
  onLanguage: (lang: Language) => Promise<void>;
  consoleOpen: boolean;
  openConsole: () => void;
}) => {
  const i18nProvider = useConsoleI18nProvider(texts, onLanguage);
  const screen = useScreen(consoleOpen, openConsole);
  if (!i18nProvider || !screen) return null;
  if (screen === 'sign-in')
    return (
      <SignInScreen
        lang={texts.lang}
        i18nProvider={i18nProvider}
        store={store}
        loadConsole={loadConsole}
        openConsole={openConsole}
      />
    );
  return (
    <Suspense fallback={null}>
      <Console texts={texts} i18nProvider={i18nProvider} store={store} />
    </Suspense>
  );
};

export const App = () => {
  const [texts, setTexts] = useState<Texts | null>(null);
  // Once shown, the console draws every page, its own sign-in page after signing out included.
  const [consoleOpen, setConsoleOpen] = useState(false);
  const openConsole = useCallback(() => setConsoleOpen(true), []);
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
        <Route
          path="/admin/*"
          element={
            <Screens
              key={texts.lang}
              texts={texts}
              onLanguage={showIn}
              consoleOpen={consoleOpen}
              openConsole={openConsole}
            />
          }
        />
        <Route path="*" element={<Navigate to="/admin/" replace />} />
      </Routes>
    </BrowserRouter>
  );
};
