/**
 * The first line of every script chunk of the site (vite.config.ts): V8's explicit compile hint,
 * "compile every function of this file at once" (Chrome 136 and later; a plain comment elsewhere).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
