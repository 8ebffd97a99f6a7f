// Blank in Unicode as the database sees it, and the public REST client sending a submission to the
// `submit` function (docs/permissions.md).
import { describe, expect, it } from 'vitest';
import { createRestClient } from './supabase';
import { submit } from './submit';
import { isBlank, normalizeStudentNumber, trimBlank } from './validation';

describe('isBlank', () => {
  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['a tab', '\t'],
    ['line breaks', '\r\n'],
    ['no-break spaces', '\u00a0\u00a0'],
    ['a zero-width space', '\u200b'],
    ['joiners', '\u200c\u200d'],
    ['an ideographic space', '\u3000'],
    ['a byte order mark', '\ufeff'],
    ['an Arabic letter mark', '\u061c'],
    ['direction marks', '\u200e\u200f'],
    ['a word joiner', '\u2060'],
    ['a soft hyphen', '\u00ad'],
    ['a mix', ' \t\u00a0\u200b\u3000 '],
  ])('counts %s as blank', (_what, value) => {
    expect(isBlank(value)).toBe(true);
  });

  it('counts text, and non-strings as blank', () => {
    expect(isBlank('Ali')).toBe(false);
    expect(isBlank('\u200bعلي\u200b')).toBe(false);
    expect(isBlank(' . ')).toBe(false);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(42)).toBe(true);
  });

  it('trims the same characters, as the database stores names and numbers', () => {
    expect(trimBlank('\u00a0\u200bAli Veli\u3000\t')).toBe('Ali Veli');
    expect(trimBlank('a\u200bb')).toBe('a\u200bb');
    expect(normalizeStudentNumber('\u200b٢٠٢١٠١٠٠٠١\u00a0')).toBe('2021010001');
  });
});

describe('a submission from the public REST client', () => {
  it('goes to rpc/submit with the row as the body and the anon key', async () => {
    const seen: { url: string; method: string; body: unknown; apikey: string | null }[] = [];
    const fake: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      seen.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
        apikey: new Headers(init?.headers).get('apikey'),
      });
      return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const rest = createRestClient({ supabaseUrl: 'https://api.example', supabaseAnonKey: 'anon' }, { fetch: fake });
    const row = { type: 'contact', name: 'A', email: 'a@example.com', message: 'Hi', honeypot: null } as const;
    const { error } = await submit(rest, row);
    expect(error).toBeNull();
    expect(seen).toEqual([
      { url: 'https://api.example/rest/v1/rpc/submit', method: 'POST', body: row, apikey: 'anon' },
    ]);
  });

  it('reads a refusal as any refusal: the key in error.message, the status kept', async () => {
    const fake: typeof fetch = async () =>
      new Response(JSON.stringify({ code: 'P0001', message: 'rate_limited', details: null, hint: null }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '60' },
      });
    const rest = createRestClient({ supabaseUrl: 'https://api.example', supabaseAnonKey: 'anon' }, { fetch: fake });
    const { error, status } = await submit(rest, { type: 'contact' } as never);
    expect(status).toBe(429);
    expect(error?.message).toBe('rate_limited');
  });
});
