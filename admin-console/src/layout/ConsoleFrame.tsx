import { useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import {
  BasenameContextProvider,
  I18nContextProvider,
  StoreContextProvider,
  ThemeProvider,
  ThemesContext,
  type I18nProvider,
  type Store,
} from 'react-admin';
import { isRtl, type Language } from '@union/shared/constants';
import { ltrCache, makeThemes, rtlCache } from './theme';

/**
 * What a screen drawn before the console's code needs of react-admin's contexts: texts, store,
 * theme (light or dark, right to left in Arabic) and basename, without its router, queries and
 * pages. The sign-in page, and the console's place when its code cannot arrive.
 */
export const ConsoleFrame = ({
  lang,
  i18nProvider,
  store,
  children,
}: {
  lang: Language;
  i18nProvider: I18nProvider;
  store: Store;
  children: ReactNode;
}) => {
  const direction = isRtl(lang) ? 'rtl' : 'ltr';
  const themes = useMemo(() => makeThemes(direction), [direction]);
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <BasenameContextProvider basename="/admin">
        <StoreContextProvider value={store}>
          <I18nContextProvider value={i18nProvider}>
            <ThemesContext.Provider value={{ lightTheme: themes.light, darkTheme: themes.dark, defaultTheme: 'dark' }}>
              <ThemeProvider>
                <CssBaseline enableColorScheme>{children}</CssBaseline>
              </ThemeProvider>
            </ThemesContext.Provider>
          </I18nContextProvider>
        </StoreContextProvider>
      </BasenameContextProvider>
    </CacheProvider>
  );
};
