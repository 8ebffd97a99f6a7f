import { useMemo, type ReactNode } from 'react';
import {
  AdminContext,
  memoryStore,
  Notification,
  TestMemoryRouter,
  usePermissions,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { CacheProvider } from '@emotion/react';
import { cleanup, configure, render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { isRtl, type Language, type StaffRole } from '@union/shared/constants';
import { loadTexts } from '../i18n/messages';
import { useConsoleI18nProvider, type Texts } from '../i18n/provider';
import { ltrCache, makeThemes, rtlCache } from '../layout/theme';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// A whole react-admin page takes more than findBy's default second to draw on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });
// Emotion outside production writes each style rule into a <style> element of its own, which jsdom
// parses again and walks for every computed style: one sheet of inserted rules, as in production.
for (const cache of [ltrCache, rtlCache]) cache.sheet.isSpeedy = true;

/** A person at the keyboard and mouse; no pause between keys (the components have no timers of their own to wait for). */
export const user = userEvent.setup({ delay: null });

export interface ConsoleOptions {
  lang?: Language;
  dataProvider?: DataProvider;
  /** The signed-in staff member's role (react-admin's permissions, as providers/permissions.ts reads them). */
  role?: StaffRole;
  /** The address the memory router starts at (pages read their record's id from it). */
  path?: string;
}

/** Signed in with one role: what usePermissions and the pages' checks read. */
const staffAuth = (role: StaffRole): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve({ role }),
  getIdentity: () => Promise.resolve({ id: 'staff-1', fullName: 'staff@example.org' }),
});

// The role is read before anything is drawn, so that what a role must not see is absent for it,
// not merely not there yet.
const WithPermissions = ({ children }: { children: ReactNode }) =>
  usePermissions().isPending ? null : <div data-testid="console-ready">{children}</div>;

const ConsoleShell = ({ texts, options, children }: { texts: Texts; options: ConsoleOptions; children: ReactNode }) => {
  // The console's own provider: real texts in the language, numbers in its digits.
  const i18nProvider = useConsoleI18nProvider(texts, async () => {});
  const direction = isRtl(texts.lang) ? 'rtl' : 'ltr';
  const theme = useMemo(() => makeThemes(direction).light, [direction]);
  const authProvider = useMemo(() => staffAuth(options.role ?? 'editor'), [options.role]);
  if (!i18nProvider) return null;
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <TestMemoryRouter initialEntries={[options.path ?? '/']}>
        <AdminContext
          dataProvider={options.dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          theme={theme}
        >
          <WithPermissions>{children}</WithPermissions>
          <Notification />
        </AdminContext>
      </TestMemoryRouter>
    </CacheProvider>
  );
};

/**
 * Renders `ui` inside react-admin's context as the console draws it: its i18n provider on the
 * language's real texts, its theme and direction, a memory router, and a signed-in staff member.
 * Resolves once the texts are on screen (the provider is ready only after i18next is).
 */
export async function renderInConsole(ui: ReactNode, options: ConsoleOptions = {}): Promise<RenderResult> {
  const lang = options.lang ?? 'en';
  const tree = await loadTexts(lang);
  const result = render(
    <ConsoleShell texts={{ lang, tree }} options={options}>
      {ui}
    </ConsoleShell>,
  );
  await screen.findByTestId('console-ready');
  return result;
}
