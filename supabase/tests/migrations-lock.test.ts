// Migrations are append-only (scripts/migrations-lock.ts says why): every migration is recorded
// in supabase/migrations.lock with its hash, and a recorded one that changed or disappeared
// fails here. Needs no database, but lives with the other schema tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOCK_COMMAND,
  TAMPERED_ADVICE,
  checkLock,
  formatLock,
  hashMigrations,
  lockFile,
  migrationsDir,
  parseLock,
} from '../../scripts/migrations-lock.ts';

const lockText = () => fs.readFileSync(lockFile, 'utf8');

/** A copy of supabase/migrations to change freely. */
function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-migrations-'));
  for (const f of fs.readdirSync(migrationsDir)) fs.copyFileSync(path.join(migrationsDir, f), path.join(dir, f));
  return dir;
}

describe('supabase/migrations.lock', () => {
  it('records every migration, unchanged', () => {
    const { tampered, unrecorded, expected } = checkLock(hashMigrations(), lockText());
    expect(tampered, TAMPERED_ADVICE).toEqual([]);
    expect(unrecorded, `new migrations: run \`${LOCK_COMMAND}\` to record them`).toEqual([]);
    expect(lockText(), `supabase/migrations.lock is not in its canonical form: run \`${LOCK_COMMAND}\``).toBe(expected);
  });

  it('a changed copy of a recorded migration fails, and so does a deleted one', () => {
    const dir = copyOfMigrations();
    try {
      const [first, second] = fs.readdirSync(dir).sort();
      fs.appendFileSync(path.join(dir, first!), '\n-- one more line\n');
      fs.rmSync(path.join(dir, second!));
      const { tampered } = checkLock(hashMigrations(dir), lockText());
      expect(tampered).toHaveLength(2);
      expect(tampered[0]).toMatch(new RegExp(`^${first}: changed`));
      expect(tampered[1]).toBe(`${second}: deleted`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a new migration only asks to be recorded, and recording it keeps every other line', () => {
    const dir = copyOfMigrations();
    try {
      fs.writeFileSync(path.join(dir, '29991231235959_later.sql'), 'select 1;\n');
      const { tampered, unrecorded, expected } = checkLock(hashMigrations(dir), lockText());
      expect(tampered).toEqual([]);
      expect(unrecorded).toEqual(['29991231235959_later.sql']);
      const before = parseLock(lockText());
      const after = parseLock(expected);
      expect(after.size).toBe(before.size + 1);
      for (const [name, hash] of before) expect(after.get(name)).toBe(hash);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is deterministic: lines in any order (as a union merge of two branches leaves them) give the same file', () => {
    const entries = parseLock(lockText());
    const shuffled = [...entries].reverse().map(([n, h]) => `${h}  ${n}`);
    expect(formatLock(parseLock(shuffled.join('\n')))).toBe(lockText());
  });
});
