import { describe, expect, it } from 'vitest';
import { readMailSettings } from './settings';

const complete: Record<string, string> = {
  SUPABASE_URL: 'https://ref.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  PUBLIC_SITE_URL: 'https://union.example/',
  SMTP_HOST: 'smtp.union.example',
  SMTP_FROM: 'Union <noreply@union.example>',
};
const read = (env: Record<string, string | undefined>) => readMailSettings((name) => env[name]);

describe("send-mail's settings", () => {
  it('takes the secrets as they are, the site without its trailing slash', () => {
    expect(read({ ...complete, SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' })).toEqual({
      ok: true,
      settings: {
        supabaseUrl: 'https://ref.supabase.co',
        serviceKey: 'service-key',
        siteUrl: 'https://union.example',
        smtp: { host: 'smtp.union.example', port: 465, user: 'u', pass: 'p' },
        from: 'Union <noreply@union.example>',
      },
    });
  });

  it.each(['PUBLIC_SITE_URL', 'SMTP_HOST', 'SMTP_FROM', 'SUPABASE_URL'])('refuses to run without %s', (name) => {
    for (const missing of [undefined, '', '   ']) {
      const result = read({ ...complete, [name]: missing });
      expect(result).toEqual({ ok: false, problems: [`${name} is not set`] });
    }
  });

  it('refuses a site address that is not absolute, and a port that is not one', () => {
    const result = read({ ...complete, PUBLIC_SITE_URL: 'union.example', SMTP_PORT: '58x' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      `PUBLIC_SITE_URL must be the site's absolute address (https://…), not "union.example"`,
      'SMTP_PORT is not a port: "58x"',
    ]);
  });

  it('names every missing setting at once', () => {
    expect(read({})).toEqual({
      ok: false,
      problems: [
        'SUPABASE_URL is not set',
        'SUPABASE_SERVICE_ROLE_KEY is not set',
        'PUBLIC_SITE_URL is not set',
        'SMTP_HOST is not set',
        'SMTP_FROM is not set',
      ],
    });
  });
});
