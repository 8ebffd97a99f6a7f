import { ApiError } from './errors.js';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = LOWER + UPPER;
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** config.toml `password_requirements` → GoTrue's required character sets. */
export function requiredCharacterSets(requirements: string): string[] {
  switch (requirements) {
    case 'letters_digits':
      return [LETTERS, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/** BCrypt hashes only the first 72 bytes. */
export const MAX_PASSWORD_LENGTH = 72;

/** GoTrue's checkPasswordStrength: throws 422 weak_password with reasons. */
export function checkPasswordStrength(password: string, minLength: number, requirements: string): void {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password) < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  const sets = requiredCharacterSets(requirements);
  for (const set of sets) {
    if (![...password].some((c) => set.includes(c))) {
      reasons.push('characters');
      messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
      break;
    }
  }
  if (reasons.length > 0) {
    const message = messages.join(' ');
    throw new ApiError(422, 'weak_password', message, { weak_password: { message, reasons } });
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw new ApiError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
}
