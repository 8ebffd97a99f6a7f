// config.toml's [auth.email] and [auth.rate_limit] as the CLI hands them to GoTrue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDurationSeconds, readProjectConfig } from './config.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function read(toml: string) {
  fs.mkdirSync(path.join(dir, 'supabase'), { recursive: true });
  const file = path.join(dir, 'supabase', 'config.toml');
  fs.writeFileSync(file, toml);
  return readProjectConfig(file).auth;
}

describe('auth email settings', () => {
  it('reads Go durations as seconds and refuses what Go would not read', () => {
    expect([
      parseDurationSeconds('1s', 'k'),
      parseDurationSeconds('1m30s', 'k'),
      parseDurationSeconds('1h', 'k'),
    ]).toEqual([1, 90, 3600]);
    expect(() => parseDurationSeconds('60', 'auth.email.max_frequency')).toThrow(/max_frequency.*"60"/);
    expect(() => parseDurationSeconds('1x', 'k')).toThrow();
    expect(() => parseDurationSeconds(60, 'k')).toThrow();
  });

  it("takes the CLI's defaults, GoTrue's otp_length bounds, and email_sent only with [auth.email.smtp]", () => {
    expect(read('[auth]\n')).toMatchObject({
      otpLength: 6,
      otpExpiry: 3600,
      emailMaxFrequency: 1,
      emailSentPerHour: 360000,
    });
    const own = read(
      '[auth.rate_limit]\nemail_sent = 5\n[auth.email]\nmax_frequency = "1m"\notp_length = 8\notp_expiry = 600\n',
    );
    expect(own).toMatchObject({ otpLength: 8, otpExpiry: 600, emailMaxFrequency: 60, emailSentPerHour: 360000 });
    expect(
      read('[auth.rate_limit]\nemail_sent = 5\n[auth.email.smtp]\nhost = "smtp.example.test"\n').emailSentPerHour,
    ).toBe(5);
    expect(read('[auth.email.smtp]\nenabled = false\n').emailSentPerHour).toBe(360000);
    expect(read('[auth.email.smtp]\nhost = "smtp.example.test"\n').emailSentPerHour).toBe(2);
    expect(read('[auth.email]\notp_length = 12\n').otpLength).toBe(6);
  });

  it("reads the project's own config.toml: a 6-digit code for an hour, 1 s between mails", () => {
    expect(readProjectConfig()).toMatchObject({
      auth: { otpLength: 6, otpExpiry: 3600, emailMaxFrequency: 1, emailSentPerHour: 360000 },
    });
    expect(Object.keys(readProjectConfig().auth.emailTemplates)).toEqual(['recovery', 'magic_link']);
  });
});
