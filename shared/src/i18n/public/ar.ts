import type { Resources } from './types';
import { arPages } from './ar-pages';
import { arShell } from './ar-shell';

/**
 * النصوص العربية المدمجة للموقع العام كاملة (اللغة الافتراضية، من اليمين إلى اليسار).
 *
 * All the public site's Arabic texts. They are written in two files, so that the home page's
 * first download carries only its own: ar-shell.ts (every page and home) and ar-pages.ts.
 */
export const ar: Resources = { ...arShell, ...arPages };
