import {
  BOARD_ROLES,
  GENDERS,
  STAFF_ROLES,
  STATISTIC_ICONS,
  SUBMISSION_STATUSES,
  SUBMISSION_TYPES,
} from '@union/shared/constants';

import type { MessageKey } from '../i18n/keys';

// Choices for SelectInput: react-admin translates `name` as a key. The prefix must name a key
// for every value (`board.roles.president`, …), or the type check fails.
const choices = <P extends string, V extends string>(
  values: readonly V[],
  prefix: `${P}.${V}` extends MessageKey ? P : never,
) => values.map((id) => ({ id, name: `${prefix}.${id}` as `${P}.${V}` }));

export const boardRoleChoices = choices(BOARD_ROLES, 'board.roles');
export const genderChoices = choices(GENDERS, 'board.genders');
export const statisticIconChoices = choices(STATISTIC_ICONS, 'statistics.icons');
export const submissionTypeChoices = choices(SUBMISSION_TYPES, 'submissions.types');
export const submissionStatusChoices = choices(SUBMISSION_STATUSES, 'submissions.statuses');
export const staffRoleChoices = choices(STAFF_ROLES, 'roles');
