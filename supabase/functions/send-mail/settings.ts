// send-mail's settings (function secrets, docs/mail.md), checked before any mail is claimed:
// nothing falls back to a default address. A mail sent with a guessed site address carries
// dead links (the cancel link spends nothing but leads nowhere) and one sent from a guessed
// server or sender never arrives, so a missing or malformed setting stops the run instead, with
// an error naming it; the mails stay queued and go out once the setting is there.
// Pure (no Deno API): the local stack's unit tests import it too.

export interface MailSettings {
  supabaseUrl: string;
  serviceKey: string;
  /** The public site's origin and path, without a trailing slash (links in the mails). */
  siteUrl: string;
  smtp: { host: string; port: number; user?: string; pass: string };
  from: string;
}

export type SettingsResult = { ok: true; settings: MailSettings } | { ok: false; problems: string[] };

const isHttpUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Reads and checks the settings through `get` (Deno.env.get in the function). */
export function readMailSettings(get: (name: string) => string | undefined): SettingsResult {
  const value = (name: string) => get(name)?.trim() || undefined;
  const problems: string[] = [];
  const need = (name: string): string => {
    const v = value(name);
    if (!v) problems.push(`${name} is not set`);
    return v ?? '';
  };
  const supabaseUrl = need('SUPABASE_URL');
  const serviceKey = need('SUPABASE_SERVICE_ROLE_KEY');
  const siteUrl = need('PUBLIC_SITE_URL');
  if (siteUrl && !isHttpUrl(siteUrl))
    problems.push(`PUBLIC_SITE_URL must be the site's absolute address (https://…), not "${siteUrl}"`);
  const host = need('SMTP_HOST');
  const from = need('SMTP_FROM');
  // 587 is the submission port every mail provider offers: a protocol default, not an address.
  const port = Number(value('SMTP_PORT') ?? '587');
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    problems.push(`SMTP_PORT is not a port: "${get('SMTP_PORT')}"`);
  if (problems.length > 0) return { ok: false, problems };
  const user = value('SMTP_USER');
  return {
    ok: true,
    settings: {
      supabaseUrl,
      serviceKey,
      siteUrl: siteUrl.replace(/\/+$/, ''),
      smtp: { host, port, user, pass: get('SMTP_PASS') ?? '' },
      from,
    },
  };
}
