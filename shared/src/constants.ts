// Product constants both apps share. Enum lists come from the types generated from the
// schema (`npm run gen:types`), so a value is written once, in the migration.
import { Constants, type Enums } from './database.types';

export * from './preferences';
export * from './limits';

export const SUBMISSION_TYPES = Constants.public.Enums.submission_type;
export type SubmissionType = Enums<'submission_type'>;

export const SUBMISSION_STATUSES = Constants.public.Enums.submission_status;
export type SubmissionStatus = Enums<'submission_status'>;

export const BOARD_ROLES = Constants.public.Enums.board_role;
export type BoardRole = Enums<'board_role'>;

export const GENDERS = Constants.public.Enums.gender;
export type Gender = Enums<'gender'>;

export const STATISTIC_ICONS = Constants.public.Enums.statistic_icon;
export type StatisticIcon = Enums<'statistic_icon'>;

export const PICKUP_LOCATIONS = Constants.public.Enums.pickup_location;
/** A loan's pick-up date: from today up to this many days ahead (the submissions trigger's rule). */
export const LOAN_DAYS_AHEAD = 60;
export type PickupLocation = Enums<'pickup_location'>;

export const STAFF_ROLES = Constants.public.Enums.staff_role;
export type StaffRole = Enums<'staff_role'>;

/** The settings' keys, in the console's order (the database's settings_key_check lists them too). */
export const SETTING_KEYS = [
  'footerAddress',
  'mapLocation',
  'footerEmail',
  'footerPhone',
  'footerFacebook',
  'footerTwitter',
  'footerInstagram',
  'footerLinkedIn',
  'footerYouTube',
  'allStudentsCanBorrow',
  'submissionRetentionMonths',
  'auditRetentionMonths',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * How long personal data is kept unless staff set otherwise (settings submissionRetentionMonths,
 * auditRetentionMonths): a form, counted from its event or from the decision on it; the
 * personal data in the audit log, counted from the change. The database applies them
 * (private.apply_retention); the privacy notice states them.
 */
export const DEFAULT_RETENTION_MONTHS = 12;

/**
 * How long a deleted content record (with its images) can be restored from the audit log before
 * the nightly purge removes its images: private.restore_days() in the database, which decides.
 */
export const RESTORE_DAYS = 30;

export const IMAGE_BUCKET = 'images';
/**
 * A folder of the image bucket: each content table with an image has its own, named once in the
 * database's content registry (private.content_tables) and in the console's registry, which
 * supabase/tests/content-registry.test.ts holds equal.
 */
export type ImageFolder = string;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
