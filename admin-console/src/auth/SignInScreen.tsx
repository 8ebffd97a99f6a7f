import { startTransition } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { I18nProvider, Store } from 'react-admin';
import type { Language } from '@union/shared/constants';
import { authProvider, type LoginParams } from '../providers/authProvider';
import { ConsoleFrame } from '../layout/ConsoleFrame';
import { LoginPage } from './LoginPage';

/** Where react-admin sends a signed-out visitor back to once signed in (its logout's location state). */
interface NextPage {
  nextPathname?: string;
  nextSearch?: string;
}

interface SignInScreenProps {
  lang: Language;
  i18nProvider: I18nProvider;
  store: Store;
  /** Loads the console's code (react-admin's pages, the data provider, every resource). */
  loadConsole: () => Promise<unknown>;
  /** Shows the console in place of this screen. */
  openConsole: () => void;
}

/**
 * The sign-in page before the console is loaded: the same page, in the contexts it uses of
 * react-admin's (texts, store, theme, basename), without react-admin's router, queries and
 * pages. The console's code starts loading once the staff member types in the form (not on a
 * mere focus: a click on "forgot password" would then load and run it while leaving the page),
 * and opens after the sign-in, on the page asked for (as react-admin's useLogin does).
 */
export const SignInScreen = ({ lang, i18nProvider, store, loadConsole, openConsole }: SignInScreenProps) => {
  const location = useLocation();
  const navigate = useNavigate();
  const prefetch = () => void loadConsole().catch(() => undefined);
  const login = async (params: LoginParams) => {
    prefetch(); // under way while the password is checked
    await authProvider.login(params);
    await loadConsole();
    const next = location.state as NextPage | null;
    // One update, the router's own kind: the console drawn straight on that page (not first
    // on this address, its own sign-in page), this one on screen until it is.
    startTransition(() => {
      openConsole();
      navigate(next?.nextPathname ? `${next.nextPathname}${next.nextSearch ?? ''}` : '/admin/');
    });
  };

  return (
    <ConsoleFrame lang={lang} i18nProvider={i18nProvider} store={store}>
      <LoginPage login={login} onTyping={prefetch} />
    </ConsoleFrame>
  );
};
