/**
 * Where supabase-js keeps the session of the project at `url` (its default storage key): kept
 * here, so that sessions started before the console used auth-js alone stay signed in.
 * sessionKey.test.ts checks it against supabase-js itself.
 */
export const sessionStorageKey = (url: string): string => `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
