/**
 * The first line of the site's script chunks (vite.config.ts): V8's explicit compile hint,
 * "compile every function of this file at once" (Chrome 136 and later; a plain comment elsewhere).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Chunks shorter than this (in characters) go without it: they compile in no time on the main
 * thread, while the comment, a good part of such a file, would cost bytes on the home page's
 * first download, which is at its budget (Rolldown's runtime and the preferences module are two
 * of them).
 */
const COMPILE_HINT_MIN_LENGTH = 1024;

/** Whether a chunk of `code` opens with the hint. */
export const wantsCompileHint = (code: string): boolean => code.length >= COMPILE_HINT_MIN_LENGTH;
