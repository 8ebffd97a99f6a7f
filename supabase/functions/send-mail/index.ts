// Edge Function `send-mail`: drains the mail queue (public.mail_outbox, see
// supabase/migrations/20261122080700_mail.sql and docs/mail.md). Called with the service role
// only: by Supabase Cron through pg_net on a hosted project, by the local stack's timer locally.
//   POST {} → 200 {sent, retrying, failed}
// It claims due mails (public.claim_mails: one more attempt each, a fresh cancel token where the
// mail carries the link), writes each one in the visitor's language (shared/src/mail/render.ts)
// and hands it to the SMTP server with nodemailer; each result goes back with public.finish_mail
// (accepted: sent; refused or unreachable: the error is kept and the mail retried with backoff).
// Settings (function secrets): SMTP_HOST, SMTP_PORT (587; 465 means TLS from the start),
// SMTP_USER, SMTP_PASS, SMTP_FROM (the sender, e.g. "Union <noreply@union.example>"),
// PUBLIC_SITE_URL (the public site, for the links in the mails). None has a default address:
// a missing one is 500 misconfigured, naming it, before any mail is claimed (settings.ts).
// Errors: 401 not_signed_in, 403 not_allowed (any caller but the service role), 405, 500.
import nodemailer from 'npm:nodemailer@10.6.1';
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { json, refuseUnlessServiceRole } from '../_shared/service-caller.ts';
// Generated from shared/src/mail (npm run gen:functions): every import stays inside supabase/functions.
import { renderClaimedMail } from '../_shared/mail.js';
import { readMailSettings, type MailSettings } from './settings.ts';

const BATCH = 10;
/** One call sends at most this many batches, so a long queue is drained over several calls. */
const MAX_BATCHES = 5;

function transport({ host, port, user, pass }: MailSettings['smtp']) {
  return nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: user ? { user, pass } : undefined,
    // A server that does not answer is an error soon, retried later, not a drain that hangs.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST' });
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  const refused = refuseUnlessServiceRole(req, serviceKey);
  if (refused) return refused;

  const checked = readMailSettings((name) => Deno.env.get(name));
  if (!checked.ok) {
    const message = `send-mail is not configured, no mail was sent: ${checked.problems.join('; ')} (docs/mail.md)`;
    console.error(message);
    return json(500, { error: 'misconfigured', message, problems: checked.problems });
  }
  const { supabaseUrl, siteUrl, from, smtp: smtpSettings } = checked.settings;
  const db = createClient(supabaseUrl, checked.settings.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

  const counts = { sent: 0, retrying: 0, failed: 0 };
  const smtp = transport(smtpSettings);
  try {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { data, error } = await db.rpc('claim_mails', { batch_size: BATCH });
      if (error) return json(500, { error: 'server_error', message: error.message, ...counts });
      // Rows of the type public.claimed_mail; the bundle's renderClaimedMail is type-checked against it.
      const mails: { id: number }[] = data ?? [];
      for (const mail of mails) {
        let failure: string | null = null;
        try {
          const m = renderClaimedMail(mail, siteUrl);
          await smtp.sendMail({
            from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            attachments: m.attachments,
          });
        } catch (e) {
          failure = (e instanceof Error ? e.message : String(e)) || 'send failed';
        }
        const { data: state, error: finishError } = await db.rpc('finish_mail', { mail_id: mail.id, error: failure });
        // Not recorded: the claim runs out in two minutes and the mail is tried again (at most twice sent).
        if (finishError) return json(500, { error: 'server_error', message: finishError.message, ...counts });
        if (state === 'sent') counts.sent++;
        else if (state === 'failed') counts.failed++;
        else counts.retrying++;
      }
      if (mails.length < BATCH) break;
    }
  } finally {
    smtp.close();
  }
  return json(200, counts);
});
