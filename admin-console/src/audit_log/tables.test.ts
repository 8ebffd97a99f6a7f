import { describe, expect, it } from 'vitest';
import { ar } from '@union/shared/i18n/admin/ar';
import { en } from '@union/shared/i18n/admin/en';
import { tr } from '@union/shared/i18n/admin/tr';
import { AUDITED_TABLES, auditTableLabel } from '../registry';

describe('audit log tables', () => {
  it('offers the image changes Storage records (table_name images) under their own name, in three languages', () => {
    expect(AUDITED_TABLES).toContain('images');
    expect(auditTableLabel('images')).toBe('audit.images');
    for (const texts of [ar, en, tr]) expect(texts.audit.images).toMatch(/\S/);
  });
});
