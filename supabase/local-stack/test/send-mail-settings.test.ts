// send-mail on the real Deno runtime without the site's address: it refuses (500 misconfigured,
// naming the setting) instead of writing mails whose links lead to a guessed address.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { startFunctions } from '../src/functions.js';
import { JWT_SECRET, SERVICE_ROLE_KEY } from '../src/keys.js';
import { freePort } from '../src/ports.js';
import { env } from './env.js';

describe('send-mail without its settings', () => {
  it('answers 500 misconfigured naming PUBLIC_SITE_URL instead of sending with a guessed address', async () => {
    const fn = await startFunctions({
      port: await freePort(),
      functionsDir: path.resolve(import.meta.dirname, '../../functions'),
      jwtSecret: JWT_SECRET,
      // Everything but the site's address: a database that would hand out mails, a mail server.
      env: {
        SUPABASE_URL: env.url,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '9',
        SMTP_FROM: 'Union <noreply@union.test>',
      },
    });
    try {
      const res = await fetch(`${fn.url}/send-mail`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: string; problems: string[] };
      expect(body.error).toBe('misconfigured');
      expect(body.problems).toEqual(['PUBLIC_SITE_URL is not set']);
    } finally {
      await fn.close();
    }
  });
});
