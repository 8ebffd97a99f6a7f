import { useTranslation } from '../lib/i18n';
import { applyTheme, currentTheme } from '../lib/theme';
import { FirstScreenIcon } from './FirstScreenIcon';

/**
 * Two buttons, one shown per theme by CSS: the page's theme is set before the first paint
 * (src/preflight.ts), so the prerendered HTML, hydration and the first paint all agree.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const toggle = () => applyTheme(currentTheme() === 'dark' ? 'light' : 'dark');
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost px-2 dark:hidden"
        aria-label={t('nav.toDark')}
        title={t('nav.toDark')}
        onClick={toggle}
      >
        <FirstScreenIcon name="moon" />
      </button>
      <button
        type="button"
        className="btn btn-ghost hidden px-2 dark:inline-flex"
        aria-label={t('nav.toLight')}
        title={t('nav.toLight')}
        onClick={toggle}
      >
        <FirstScreenIcon name="sun" />
      </button>
    </>
  );
}
