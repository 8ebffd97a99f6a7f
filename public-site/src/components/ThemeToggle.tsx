import { useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { applyTheme, currentTheme } from '../lib/theme';
import { Icon } from './Icon';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState(currentTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost px-2"
      aria-label={t(next === 'dark' ? 'nav.toDark' : 'nav.toLight')}
      title={t(next === 'dark' ? 'nav.toDark' : 'nav.toLight')}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
