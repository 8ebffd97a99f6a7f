import type { Validator } from 'react-admin';
import { isHttpsUrl } from '@union/shared/validation';

export const optionalHttpsUrl: Validator = (value: unknown) =>
  value == null || value === '' || (typeof value === 'string' && isHttpsUrl(value)) ? undefined : 'common.mustBeHttps';

export const nonNegativeInteger: Validator = (value: unknown) => {
  if (value == null || value === '') return 'common.required';
  const n = Number(value);
  if (!Number.isInteger(n)) return 'common.mustBeWholeNumber';
  return n < 0 ? 'common.mustBeNonNegative' : undefined;
};
