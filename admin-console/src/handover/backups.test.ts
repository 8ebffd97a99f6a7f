import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKUP_RETENTION_DAYS } from './backups';

describe('backup retention shown on the Handover page', () => {
  it('is the backup bucket’s lifecycle rule, as the runbook sets it', () => {
    const runbook = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    const rules = [...runbook.matchAll(/r2 bucket lifecycle add .*--expire-days=(\d+)/g)].map((m) => m[1]);
    expect(rules).toEqual([String(BACKUP_RETENTION_DAYS)]);
  });
});
