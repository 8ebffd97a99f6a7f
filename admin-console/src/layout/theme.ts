import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// MUI flips its own layout from theme.direction; the stylis RTL plugin mirrors every other
// style (margins, paddings, positions). The RTL cache is used only while Arabic is shown.
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
export const ltrCache = createCache({ key: 'muiltr', stylisPlugins: [prefixer] });

const fontFamily = ['system-ui', '"Segoe UI"', 'Tahoma', '"Noto Sans Arabic"', 'Roboto', 'Arial', 'sans-serif'].join(
  ',',
);

// The side menu is 256 px wide (docs/decisions.md, "The console").
const sidebar = { width: 256, closedWidth: 56 };

export function makeThemes(direction: 'rtl' | 'ltr'): { light: RaThemeOptions; dark: RaThemeOptions } {
  return {
    light: {
      ...defaultLightTheme,
      direction,
      sidebar,
      typography: { ...defaultLightTheme.typography, fontFamily },
      palette: {
        ...defaultLightTheme.palette,
        mode: 'light',
        primary: { main: '#14532d' },
        secondary: { main: '#1f2937' },
        background: { default: '#f5f5f5' },
      },
    },
    dark: {
      ...defaultDarkTheme,
      direction,
      sidebar,
      typography: { ...defaultDarkTheme.typography, fontFamily },
      palette: {
        ...defaultDarkTheme.palette,
        mode: 'dark',
        primary: { main: '#4ade80' },
        secondary: { main: '#111827' },
        background: { default: '#0b1220', paper: '#111827' },
      },
    },
  };
}
