import { matchRoute, routeTexts } from '../routes';
import { DEFERRED_TEXTS } from '../lib/deferred';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, isRtl, type Language } from '@union/shared/preferences';
import { useQueryCache } from '../lib/data';
import { loadLanguage, translationsQuery, useI18n, useTranslation } from '../lib/i18n';
import { saveLanguage } from '../lib/language';
import { usePathnameForRender } from '../lib/hydration';
import type { TranslationRow } from '../lib/overrides';
import { localizedPath, splitLanguage } from '../lib/paths';
import { FirstScreenIcon } from './FirstScreenIcon';

/**
 * A disclosure menu of the three languages, each name written in its own language. Each entry is
 * a real link to the same page in that language (crawlers follow it); a click also saves the
 * choice, which src/preflight.ts honours on the next visit.
 */
export function LanguageMenu() {
  const { t, lang } = useTranslation();
  const i18n = useI18n();
  const cache = useQueryCache();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  // Links to this page in the other languages (as the HTML was rendered, until hydrated).
  const { path } = splitLanguage(usePathnameForRender());

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

  const hrefOf = (code: Language) => `${localizedPath(code, path)}${location.search}${location.hash}`;

  const choose = async (event: MouseEvent, code: Language) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // a new tab: let the browser
    event.preventDefault();
    setOpen(false);
    saveLanguage(code);
    // The texts first (those this page shows, its parts below the first screen included), so the
    // page switches language in one step.
    const overrides = cache.state<TranslationRow[]>(translationsQuery.key).data ?? [];
    await Promise.all([
      loadLanguage(i18n, code, overrides, routeTexts(matchRoute(path).route)),
      loadLanguage(i18n, code, overrides, DEFERRED_TEXTS),
    ]);
    void navigate(hrefOf(code));
  };

  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        className="btn btn-ghost px-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <FirstScreenIcon name="globe" />
        {/* The visible code starts the accessible name (WCAG 2.5.3), the rest is for screen readers. */}
        <span className="uppercase">{lang}</span>
        <span className="sr-only">
          {' – '}
          {t('nav.chooseLanguage')}: {t(`languages.${lang}`)}
        </span>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute end-0 z-50 mt-2 min-w-36 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-800"
      >
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={hrefOf(code)}
              hrefLang={code}
              lang={code}
              dir={isRtl(code) ? 'rtl' : 'ltr'}
              aria-current={code === lang ? 'true' : undefined}
              className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-start text-sm hover:bg-gray-100 aria-[current=true]:font-bold dark:hover:bg-gray-700"
              onClick={(e) => void choose(e, code)}
            >
              {t(`languages.${code}`)}
              {code === lang && <FirstScreenIcon name="check" className="size-4" />}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
