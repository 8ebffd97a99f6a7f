/**
 * How long the nightly backup keeps each archive: the backup bucket's lifecycle rule, whose
 * command docs/operations.md gives (backups.test.ts keeps the two equal), shown on the Handover page.
 */
export const BACKUP_RETENTION_DAYS = 30;
