import type { Resources } from './types';
import { arFirst } from './ar-first';
import { arPages } from './ar-pages';
import { arShell } from './ar-shell';
import { mergeTexts } from './merge';

/**
 * النصوص العربية المدمجة للموقع العام كاملة (اللغة الافتراضية، من اليمين إلى اليسار).
 *
 * All the public site's Arabic texts. They are written in three files, so that a page's first
 * download carries only what its first screen shows: ar-first.ts (the first screen of every page
 * and of home), ar-shell.ts (the rest of every page's frame and of home) and ar-pages.ts.
 */
export const ar: Resources = mergeTexts(arFirst, arShell, arPages);
