/**
 * How long the nightly backup keeps each archive: `retention-days` of
 * .github/workflows/backup.yml (backups.test.ts keeps the two equal), shown on the Handover page.
 */
export const BACKUP_RETENTION_DAYS = 30;
