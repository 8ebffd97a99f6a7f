import { describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@union/shared/constants';
import { SETTING_KINDS, settingChanges, toFormValues } from './settingsForm';

describe('settings form', () => {
  it('has an input kind for each of the 9 settings, a switch only for allStudentsCanBorrow', () => {
    expect(Object.keys(SETTING_KINDS).sort()).toEqual([...SETTING_KEYS].sort());
    expect(SETTING_KEYS.filter((k) => SETTING_KINDS[k] === 'boolean')).toEqual(['allStudentsCanBorrow']);
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
    const values = { ...toFormValues(rows), footerEmail: ' new@b.org ', allStudentsCanBorrow: true, footerYouTube: 'https://youtube.com/x' };
    expect(settingChanges(rows, values)).toEqual({
      updates: [
        { key: 'footerEmail', value: 'new@b.org' },
        { key: 'allStudentsCanBorrow', value: true },
      ],
      inserts: [{ key: 'footerYouTube', value: 'https://youtube.com/x' }],
    });
  });
});
