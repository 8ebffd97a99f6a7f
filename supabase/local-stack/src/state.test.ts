import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStackState, stateFile, useRunningStack, writeStackState } from './state.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-state-')));
const stack = { apiUrl: 'http://127.0.0.1:40001', dbUrl: 'postgresql://postgres:postgres@127.0.0.1:40002/postgres' };

describe("a running stack's record", () => {
  it('names the stack while its process lives, and is gone when it stops', () => {
    const forget = writeStackState(fresh(), stack);
    expect(readStackState(dir)).toMatchObject({ ...stack, pid: process.pid });
    forget();
    expect(fs.existsSync(stateFile(dir))).toBe(false);
  });

  it('is ignored when its process is dead (a crash left it behind)', () => {
    fs.writeFileSync(stateFile(fresh()), JSON.stringify({ ...stack, pid: 2 ** 22 + 1, startedAt: '' }));
    expect(readStackState(dir)).toBeUndefined();
  });

  it('gives a build without VITE_SUPABASE_URL the running stack, and never overrides a set one', () => {
    writeStackState(fresh(), stack);
    const env: Record<string, string | undefined> = {};
    expect(useRunningStack(env, {}, dir)).toBe(stack.apiUrl);
    expect(env.VITE_SUPABASE_URL).toBe(stack.apiUrl);
    const set = { VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co' };
    expect(useRunningStack(set, {}, dir)).toBeUndefined();
    expect(set.VITE_SUPABASE_URL).toBe('https://abcdefghijklmnopqrst.supabase.co');
    const fromFile: Record<string, string | undefined> = {};
    expect(useRunningStack(fromFile, { VITE_SUPABASE_URL: 'https://x.example' }, dir)).toBeUndefined();
    expect(fromFile.VITE_SUPABASE_URL).toBeUndefined();
    expect(useRunningStack({}, {}, path.join(dir, 'none'))).toBeUndefined();
  });
});
