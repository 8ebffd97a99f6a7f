// Product constants both apps share. The enum lists mirror the database's enums
// (supabase/migrations); `constants.test.ts` fails when the generated types disagree.

export const LANGUAGES = ['ar', 'en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const isRtl = (lang: string): boolean => (RTL_LANGUAGES as readonly string[]).includes(lang);
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Intl locales per language; ar-EG gives Arabic month names with Arabic-Indic digits. */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-EG', tr: 'tr-TR' };

export const SUBMISSION_TYPES = [
  'event_registration',
  'evaluation',
  'book_loan',
  'contact',
  'feedback',
  'complaint',
  'suggestion',
] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const BOARD_ROLES = [
  'president',
  'vice_president',
  'activities_head',
  'finance_head',
  'pr_head',
  'media_head',
  'student_affairs_head',
  'cultural_committee_official',
  'turkish_relations_officer',
  'committee_coordinator',
] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const STATISTIC_ICONS = ['users', 'book', 'calendar', 'award'] as const;
export type StatisticIcon = (typeof STATISTIC_ICONS)[number];

export const PICKUP_LOCATIONS = ['campus', 'midan'] as const;
export type PickupLocation = (typeof PICKUP_LOCATIONS)[number];

export const STAFF_ROLES = ['editor', 'superadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const SETTING_KEYS = [
  'footerAddress',
  'footerEmail',
  'footerPhone',
  'footerFacebook',
  'footerTwitter',
  'footerInstagram',
  'footerLinkedIn',
  'footerYouTube',
  'allStudentsCanBorrow',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const IMAGE_BUCKET = 'images';
export const IMAGE_FOLDERS = ['board-members', 'events', 'books', 'achievements'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
/** Same limit as the bucket in the migrations and [storage] in config.toml. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
/** `<meta name="theme-color">` per theme. */
export const THEME_COLORS: Record<Theme, string> = { dark: '#111827', light: '#ffffff' };

export const LANGUAGE_STORAGE_KEY = 'union.language';
export const THEME_STORAGE_KEY = 'union.theme';
export const SESSION_COOKIE_NAME = 'union_console_session';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const HERO_SLIDE_INTERVAL_MS = 7000;
export const HERO_FADE_MS = 1000;
export const SUCCESS_PANEL_HIDE_MS = 5000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const HOME_LIST_LIMIT = 3;
export const DASHBOARD_LIST_LIMIT = 5;
export const PASSWORD_MIN_LENGTH = 8;
