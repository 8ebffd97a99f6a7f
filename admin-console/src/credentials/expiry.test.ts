import { describe, expect, it } from 'vitest';
import { daysUntil, expiryState, expiryWarnings, unionToday } from './expiry';

describe('token expiry', () => {
  it('counts days to the last day, in the union’s calendar', () => {
    expect(daysUntil('2026-12-31', '2026-12-01')).toBe(30);
    expect(daysUntil('2026-12-01', '2026-12-01')).toBe(0);
    expect(daysUntil('2026-11-30', '2026-12-01')).toBe(-1);
    // 22:30 UTC on 30 November is already 1 December in Istanbul (UTC+3).
    expect(unionToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
  });

  it('warns within 30 days, on the last day too, and says when a token has expired', () => {
    const today = '2026-12-01';
    expect(expiryState('2027-01-01', today)).toBe('valid');
    expect(expiryState('2026-12-31', today)).toBe('soon');
    expect(expiryState('2026-12-01', today)).toBe('soon');
    expect(expiryState('2026-11-30', today)).toBe('expired');
    expect(expiryState(null, today)).toBe('none');
  });

  it('lists the warnings soonest first, and what is not recorded (SMTP without an expiry is fine)', () => {
    const rows = [
      { key: 'supabase_access_token', holder: 'Lina', expires_on: '2026-12-20' },
      { key: 'cloudflare_api_token', holder: null, expires_on: null },
      { key: 'publish_hook_token', holder: 'Omar', expires_on: '2026-11-02' },
      { key: 'smtp_password', holder: 'Sara', expires_on: null },
    ];
    expect(expiryWarnings(rows, '2026-12-01')).toEqual({
      warnings: [
        { key: 'publish_hook_token', state: 'expired', expiresOn: '2026-11-02', days: -29, holder: 'Omar' },
        { key: 'supabase_access_token', state: 'soon', expiresOn: '2026-12-20', days: 19, holder: 'Lina' },
      ],
      unrecorded: ['cloudflare_api_token'],
    });
    expect(expiryWarnings([{ key: 'smtp_password', holder: null, expires_on: null }], '2026-12-01').unrecorded).toEqual(
      ['smtp_password'],
    );
  });
});
