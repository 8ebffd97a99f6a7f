import { PASSWORD_MIN_LENGTH } from './constants';

// Friendly checks the forms run before sending; the database and the auth server repeat them.

export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

// The same shape browsers accept for <input type="email"> (WHATWG), no wider.
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export type PasswordProblem = 'length' | 'lower' | 'upper' | 'digit';

/** The one password policy (decisions.md): 8+ characters with lower, upper and a digit. */
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
  value
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
