import type { AuthProvider } from 'react-admin';
import { supabaseAuthProvider } from 'ra-supabase';
import { clearConsoleSessionCookie, setConsoleSessionCookie } from '@union/shared/session-cookie';
import { auth, config } from './auth';
import { isPublicPath, isStaff, toPermissions, type Permissions } from './permissions';
import { endsSession } from './session';
import { rememberLanguage } from './userLanguage';

// ra-supabase's auth provider, with the console's rules on top:
// - permissions are the staff role read from `staff` by the signed-in user's id; a person
//   without a staff row gets `{role: null}` and the layout shows "no access" (RLS refuses
//   their reads anyway);
// - the `union_console_session` marker cookie follows the staff session;
// - a sign-in saves the console's language in user_metadata (providers/userLanguage.ts);
// - the console lives under /admin, so ra-supabase's path checks for /set-password and
//   /forgot-password (written for an app at the root) are redone here;
// - the sign-in page uses it before the console is loaded: only the auth client (auth.ts) is
//   imported up front, the data client when the role is first read.

let cached: { userId: string; permissions: Permissions } | null = null;

async function loadPermissions(userId: string): Promise<Permissions> {
  if (cached?.userId === userId) return cached.permissions;
  const { supabase } = await import('./supabase');
  const { data, error } = await supabase.from('staff').select('role').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  const permissions = toPermissions(data);
  cached = { userId, permissions };
  return permissions;
}

const syncCookie = (permissions: Permissions | null) => {
  if (permissions && isStaff(permissions)) setConsoleSessionCookie(config);
  else clearConsoleSessionCookie(config);
};

// ra-supabase's auth provider reads nothing of a client but its `auth`.
const base = supabaseAuthProvider({ auth } as never, {
  getIdentity: async (user) => ({ id: user.id, fullName: user.email ?? '', email: user.email }),
});

export interface LoginParams {
  email: string;
  password: string;
  /** Called once the password is accepted, before the redirect (the success overlay). */
  onSignedIn?: () => void;
  /** How long to keep the success overlay before react-admin redirects. */
  delayMs?: number;
}

export const authProvider: AuthProvider = {
  ...base,
  async login({ email, password, onSignedIn, delayMs = 0 }: LoginParams) {
    cached = null;
    const { data, error } = await auth.signInWithPassword({ email, password });
    if (error) throw error;
    syncCookie(await loadPermissions(data.user.id).catch(() => null));
    // The language the console is shown in (App's applyLanguage sets it on <html>), for the
    // password-reset mail; not awaited, the sign-in does not wait for it.
    void rememberLanguage(document.documentElement.lang);
    onSignedIn?.();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  },
  async logout() {
    cached = null;
    clearConsoleSessionCookie(config);
    // react-admin also "logs out" a visitor who was never signed in (the first redirect to the
    // sign-in page). Signing out then would queue behind supabase-js's auth lock and could
    // run after the sign-in that follows, dropping the new session: only sign out a session.
    const { data } = await auth.getSession();
    if (data.session) await auth.signOut().catch(() => undefined);
    return '/login';
  },
  async checkAuth() {
    if (isPublicPath(window.location.pathname)) return;
    const { data } = await auth.getSession();
    if (!data.session) {
      clearConsoleSessionCookie(config);
      // No "please log in" toast: the sign-in page says what to do.
      throw { message: false };
    }
    syncCookie(await loadPermissions(data.session.user.id).catch(() => null));
  },
  async checkError(error) {
    if (endsSession(error)) {
      cached = null;
      clearConsoleSessionCookie(config);
      throw error;
    }
    // Anything else keeps the session: a refused write (403), bad input, or a server failure.
  },
  async getPermissions() {
    if (isPublicPath(window.location.pathname)) return null;
    const { data } = await auth.getSession();
    if (!data.session) return null;
    const permissions = await loadPermissions(data.session.user.id);
    syncCookie(permissions);
    return permissions;
  },
  async handleCallback() {
    return undefined;
  },
};

/** For the settings page: a reset link for the signed-in person's own account. */
export const recoveryRedirectUrl = () =>
  new URL(`${import.meta.env.BASE_URL}set-password`, window.location.origin).toString();
