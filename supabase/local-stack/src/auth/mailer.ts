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

// GoTrue's defaults for the types this stand-in sends (templatemailer.go at bc32168).
const DEFAULTS: Record<'recovery', { subject: string; content: string }> = {
  recovery: {
    subject: 'Reset your password',
    content: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
};

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

/**
 * Compiles the templates at start: a template this subset cannot read stops the stack here, where
 * GoTrue would log the error and send its default mail instead (better found before a push).
 */
function compileTemplates(templates: EmailTemplates) {
  const out = {} as Record<keyof typeof DEFAULTS, { subject: Template; body: Template }>;
  for (const type of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
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

  return {
    async sendRecovery(to: string, data: RecoveryData): Promise<void> {
      // A template that fails while rendering (say, eq on mixed types) fails the request, as on GoTrue.
      const subject = compiled.recovery.subject.execute({ ...data });
      const html = compiled.recovery.body.execute({ ...data });
      await transport.sendMail({ from, to, subject, html });
    },
    close(): void {
      transport.close();
    },
  };
}
