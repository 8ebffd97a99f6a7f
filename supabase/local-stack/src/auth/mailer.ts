import nodemailer from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  senderEmail: string;
  senderName: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sends GoTrue's default mails through plain SMTP (locally: the mail catcher). */
export function createMailer(smtp: SmtpSettings) {
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
    async sendRecovery(to: string, link: string, otp: string): Promise<void> {
      // Subject and body follow GoTrue's default recovery template.
      await transport.sendMail({
        from,
        to,
        subject: 'Reset Your Password',
        text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
        html:
          `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n` +
          `<p><a href="${escapeHtml(link)}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${escapeHtml(otp)}</p>\n`,
      });
    },
    close(): void {
      transport.close();
    },
  };
}
