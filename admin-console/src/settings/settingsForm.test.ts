import { describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@union/shared/constants';
import { SETTING_KINDS, coordinatesError, settingChanges, toFormValues } from './settingsForm';

describe('settings form', () => {
  it('has an input kind for each of the 12 settings, a switch only for allStudentsCanBorrow', () => {
    expect(SETTING_KEYS).toHaveLength(12);
    expect(Object.keys(SETTING_KINDS).sort()).toEqual([...SETTING_KEYS].sort());
    expect(SETTING_KEYS.filter((k) => SETTING_KINDS[k] === 'boolean')).toEqual(['allStudentsCanBorrow']);
    expect(SETTING_KEYS.filter((k) => SETTING_KINDS[k] === 'coordinates')).toEqual(['mapLocation']);
    expect(SETTING_KEYS.filter((k) => SETTING_KINDS[k] === 'months')).toEqual([
      'submissionRetentionMonths',
      'auditRetentionMonths',
    ]);
  });

  it('writes a retention period only when it differs from what is stored or, with no row, from the default', () => {
    const rows = [{ key: 'submissionRetentionMonths', value: 24 }];
    const values = toFormValues(rows);
    expect(values.submissionRetentionMonths).toBe(24);
    expect(values.auditRetentionMonths).toBe(12);
    expect(settingChanges(rows, values)).toEqual({ updates: [], inserts: [] });
    expect(settingChanges(rows, { ...values, submissionRetentionMonths: '6', auditRetentionMonths: 36 })).toEqual({
      updates: [{ key: 'submissionRetentionMonths', value: 6 }],
      inserts: [{ key: 'auditRetentionMonths', value: 36 }],
    });
  });

  it('reads stored jsonb values into form values with defaults', () => {
    const values = toFormValues([
      { key: 'footerEmail', value: 'info@union.org' },
      { key: 'allStudentsCanBorrow', value: true },
    ]);
    expect(values.footerEmail).toBe('info@union.org');
    expect(values.footerPhone).toBe('');
    expect(values.allStudentsCanBorrow).toBe(true);
  });

  it('writes only changed keys: updates for stored rows, inserts for missing ones', () => {
    const rows = [
      { key: 'footerEmail', value: 'a@b.org' },
      { key: 'footerPhone', value: '123' },
      { key: 'allStudentsCanBorrow', value: false },
    ];
    const values = {
      ...toFormValues(rows),
      footerEmail: ' new@b.org ',
      allStudentsCanBorrow: true,
      footerYouTube: 'https://youtube.com/x',
    };
    expect(settingChanges(rows, values)).toEqual({
      updates: [
        { key: 'footerEmail', value: 'new@b.org' },
        { key: 'allStudentsCanBorrow', value: true },
      ],
      inserts: [{ key: 'footerYouTube', value: 'https://youtube.com/x' }],
    });
  });

  it('checks a map location as it will be saved: blank, or latitude, longitude in range', () => {
    for (const ok of [
      '',
      '  ',
      '40.2262, 28.8724',
      '-33.8568,151.2153',
      '٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤',
      '40.2262° N, 28.8724° E',
      undefined,
      null,
    ]) {
      expect(coordinatesError(ok), JSON.stringify(ok)).toBeUndefined();
    }
    for (const bad of ['Görükle', '40.2262', '40,2262, 28,8724', '40.2262; 28.8724', 'https://osm.org/go/x']) {
      expect(coordinatesError(bad), bad).toBe('settings.mapLocationFormat');
    }
    for (const bad of ['91, 28.8724', '40.2262, 181', '-90.1, 0', '٩١، ٢٨']) {
      expect(coordinatesError(bad), bad).toBe('settings.mapLocationRange');
    }
  });

  it('saves a map location in the strict form the database accepts, and only when it changed', () => {
    const rows = [{ key: 'mapLocation', value: '40.2262, 28.8724' }];
    const same = { ...toFormValues(rows), mapLocation: ' ٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤ ' };
    expect(settingChanges(rows, same)).toEqual({ updates: [], inserts: [] });
    const moved = { ...toFormValues(rows), mapLocation: '41.0082° N, 28.9784° E' };
    expect(settingChanges(rows, moved).updates).toEqual([{ key: 'mapLocation', value: '41.0082, 28.9784' }]);
    const cleared = { ...toFormValues(rows), mapLocation: '   ' };
    expect(settingChanges(rows, cleared).updates).toEqual([{ key: 'mapLocation', value: '' }]);
    // No row yet (a database without the seed): inserted once set.
    expect(settingChanges([], { ...toFormValues([]), mapLocation: '40.2262,28.8724' }).inserts).toEqual([
      { key: 'mapLocation', value: '40.2262, 28.8724' },
    ]);
  });
});
