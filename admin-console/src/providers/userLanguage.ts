import { isLanguage } from '@union/shared/constants';
import { auth } from './auth';

/**
 * Keeps the staff member's console language in their account's user_metadata.language: the
 * password-reset mail (supabase/templates/recovery.html) is written in it. The reset is asked for
 * while signed out, so the account is the only place the mail can learn the language from
 * (docs/decisions.md, "Password-reset mail"). Best effort: without it the mail is in all three
 * languages, so a failure here is not worth troubling the staff member with.
 */
export async function rememberLanguage(language: string | null | undefined): Promise<void> {
  if (!isLanguage(language)) return;
  try {
    const { data } = await auth.getSession();
    const user = data.session?.user;
    if (!user || user.user_metadata?.language === language) return;
    await auth.updateUser({ data: { language } });
  } catch {
    /* the mail falls back to all three languages */
  }
}
