// From limits.ts, not constants.ts: admin-users' generated copy (_shared/validation.js) then
// carries no enums.
import { PASSWORD_MIN_LENGTH } from './limits';

// Friendly checks the forms run before sending; the database and the auth server repeat them.

// Blank as the database sees it (private.is_blank): white space in Unicode (tab, no-break space,
// the U+2000 spaces, ideographic space, …) and the invisible format characters a field can carry
// (zero-width space and joiners, direction marks including the Arabic letter mark, word joiner,
// variation selectors, byte order mark, Hangul fillers, soft hyphen). String.trim() misses some.
// Code point ranges, beside what \s matches (a regex class of them would mix in combining marks).
const INVISIBLE: [number, number][] = [
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
const isBlankChar = (ch: string): boolean => {
  const cp = ch.codePointAt(0)!;
  return /\s/.test(ch) || INVISIBLE.some(([from, to]) => cp >= from && cp <= to);
};

export const isBlank = (value: unknown): boolean => typeof value !== 'string' || [...value].every(isBlankChar);

/** The value without blank characters (as isBlank counts them) at either end, as the database stores it. */
export const trimBlank = (value: string): string => {
  const chars = [...value];
  let from = 0;
  let to = chars.length;
  while (from < to && isBlankChar(chars[from]!)) from++;
  while (to > from && isBlankChar(chars[to - 1]!)) to--;
  return chars.slice(from, to).join('');
};

// The same shape browsers accept for <input type="email"> (WHATWG), no wider.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export type PasswordProblem = 'length' | 'lower' | 'upper' | 'digit';

/** The one password policy (docs/decisions.md): 8+ characters with lower, upper and a digit. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('length');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[0-9]/.test(password)) problems.push('digit');
  return problems;
}

export const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Student numbers are compared without surrounding spaces; Arabic-Indic digits become ASCII. */
export const normalizeStudentNumber = (value: string): string =>
  trimBlank(value)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
