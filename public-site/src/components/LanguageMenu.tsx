import { useEffect, useId, useRef, useState } from 'react';
import { LANGUAGES, type Language } from '@union/shared/constants';
import { changeLanguage, useTranslation } from '../lib/i18n';
import { useLang } from '../lib/useLang';
import { Icon } from './Icon';

/** A disclosure menu of the three languages; each name is written in its own language. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (next: Language) => {
    setOpen(false);
    // A ?lng= left in the address would win again on reload; the saved choice now speaks.
    const url = new URL(window.location.href);
    if (url.searchParams.has('lng')) {
      url.searchParams.delete('lng');
      window.history.replaceState(window.history.state, '', url);
    }
    await changeLanguage(next);
  };

  return (
    <div className="relative" ref={root}>
      <button type="button" className="btn btn-ghost px-2" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <Icon name="globe" />
        {/* The visible code starts the accessible name (WCAG 2.5.3), the rest is for screen readers. */}
        <span className="uppercase">{lang}</span>
        <span className="sr-only">
          {' – '}
          {t('nav.chooseLanguage')}: {t(`languages.${lang}`)}
        </span>
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute end-0 z-50 mt-2 min-w-36 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-800"
        >
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                dir={code === 'ar' ? 'rtl' : 'ltr'}
                aria-current={code === lang ? 'true' : undefined}
                className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-start text-sm hover:bg-gray-100 aria-[current=true]:font-bold dark:hover:bg-gray-700"
                onClick={() => void choose(code)}
              >
                {t(`languages.${code}`)}
                {code === lang && <Icon name="check" className="size-4" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
