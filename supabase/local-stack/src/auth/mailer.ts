// GoTrue's mails (internal/mailer/templatemailer): the subject and the body are Go templates,
// from config.toml [auth.email.template.<type>] or GoTrue's defaults, rendered with the data
// GoTrue gives each type, and sent as one text/html part (GoTrue's SMTP client sends no text
// part). CONTRACT.md, "Mail templates".
import nodemailer from 'nodemailer';
import { compile, type Template } from './template.js';

export interface SmtpSettings {
  host: string;
  port: number;
  senderEmail: string;
  senderName: string;
}

export type EmailTemplates = Record<string, { subject?: string; content?: string }>;

// GoTrue's default subjects for the types this stand-in sends (templatemailer at bc32168); the
// bodies say the same in our own words: a heading, a sentence, the link or the code.
const DEFAULTS = {
  recovery: {
    subject: 'Reset your password',
    content: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  // GoTrue's default magic-link mail has the link alone, no code: a sign-in by code needs a template.
  magic_link: {
    subject: 'Your sign-in link',
    content: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. It works once, for a short time.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    content: `<h2>Confirm the change of your email address</h2>

<p>Follow the link below to confirm the change of your email address from {{ .Email }} to {{ .NewEmail }}.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm the change</a></p>
<p>If you didn't ask for this change, do not follow the link.</p>`,
  },
  reauthentication: {
    subject: '{{ .Token }} is your verification code',
    content: `<h2>Confirm it is you</h2>

<p>Enter this code: {{ .Token }}</p>`,
  },
} as const;
type MailType = keyof typeof DEFAULTS;

/** What GoTrue's RecoveryMail passes to the templates. */
export interface RecoveryData {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  Token: string;
  TokenHash: string;
  /** The user's user_metadata. */
  Data: Record<string, unknown>;
  RedirectTo: string;
}

/** What GoTrue's MagicLinkMail passes: the recovery mail's data (the link's type is magiclink). */
export type MagicLinkData = RecoveryData;

/** What GoTrue's EmailChangeMail passes: one mail to the new address, one to the current one. */
export interface EmailChangeData extends RecoveryData {
  NewEmail: string;
  SendingTo: string;
}

/** What GoTrue's ReauthenticateMail passes. */
export interface ReauthenticationData {
  SiteURL: string;
  Email: string;
  Token: string;
  Data: Record<string, unknown>;
}

/**
 * Compiles the templates at start: a template this subset cannot read stops the stack here, where
 * GoTrue would log the error and send its default mail instead (better found before a push).
 */
function compileTemplates(templates: EmailTemplates) {
  const out = {} as Record<MailType, { subject: Template; body: Template }>;
  for (const type of Object.keys(DEFAULTS) as MailType[]) {
    const t = templates[type];
    const part = (what: 'subject' | 'content', src: string) => {
      try {
        return compile(src);
      } catch (err) {
        throw new Error(`auth.email.template.${type}.${what}: ${(err as Error).message}`);
      }
    };
    // An empty subject or body falls back to the default, as GoTrue's getEmailContentConfig does.
    out[type] = {
      subject: part('subject', t?.subject || DEFAULTS[type].subject),
      body: part('content', t?.content || DEFAULTS[type].content),
    };
  }
  return out;
}

export function createMailer(smtp: SmtpSettings, templates: EmailTemplates = {}) {
  const compiled = compileTemplates(templates);
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  });
  const from = { name: smtp.senderName, address: smtp.senderEmail };

  // A template that fails while rendering (say, eq on mixed types) fails the request, as on GoTrue.
  const send = async (type: MailType, to: string, data: Record<string, unknown>) => {
    const subject = compiled[type].subject.execute({ ...data });
    const html = compiled[type].body.execute({ ...data });
    await transport.sendMail({ from, to, subject, html });
  };
  return {
    sendRecovery: (to: string, data: RecoveryData) => send('recovery', to, { ...data }),
    sendMagicLink: (to: string, data: MagicLinkData) => send('magic_link', to, { ...data }),
    sendEmailChange: (to: string, data: EmailChangeData) => send('email_change', to, { ...data }),
    sendReauthentication: (to: string, data: ReauthenticationData) => send('reauthentication', to, { ...data }),
    close(): void {
      transport.close();
    },
  };
}
