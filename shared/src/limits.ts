// Limits and timings both apps share: plain numbers, free of imports, so that what needs only these
// (the texts' number formatting, the public site's first screen) does not bring in constants.ts's
// enum lists and the generated types they come from. constants.ts re-exports them.

/** Same limit as the bucket in the migrations and [storage] in config.toml. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const HERO_SLIDE_INTERVAL_MS = 7000;
export const SUCCESS_PANEL_HIDE_MS = 5000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const HOME_LIST_LIMIT = 3;
export const DASHBOARD_LIST_LIMIT = 5;
export const PASSWORD_MIN_LENGTH = 8;
