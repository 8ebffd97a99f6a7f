import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKUP_RETENTION_DAYS } from './backups';

describe('backup retention shown on the Handover page', () => {
  it('is the nightly workflow’s retention-days', () => {
    const workflow = readFileSync(new URL('../../../.github/workflows/backup.yml', import.meta.url), 'utf8');
    expect(workflow.match(/retention-days: (\d+)/)?.[1]).toBe(String(BACKUP_RETENTION_DAYS));
  });
});
