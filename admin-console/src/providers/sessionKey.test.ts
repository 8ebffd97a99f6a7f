import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { sessionStorageKey } from './sessionKey';

describe('the session storage key', () => {
  it.each(['https://abcdefghijklmnop.supabase.co', 'http://127.0.0.1:54321', 'https://api.union.example'])(
    'is the one supabase-js uses for %s, so sessions it started stay signed in',
    (url) => {
      const client = createClient(url, 'anon-key', {
        auth: { persistSession: false, autoRefreshToken: false },
        // Never connected here; Node 20 has no WebSocket of its own for supabase-js to find.
        realtime: { transport: class {} as never },
      });
      expect(sessionStorageKey(url)).toBe((client.auth as unknown as { storageKey: string }).storageKey);
    },
  );
});
