import { describe, expect, it } from 'vitest';
import { allChosen, mergeChanges } from './merge';

const base = {
  id: 'e1',
  version: 2,
  title: { ar: 'سباق', en: 'Race', tr: 'Yarış' },
  location: { ar: 'القاعة أ', en: 'Hall A', tr: 'A salonu' },
  capacity: 30,
  updated_at: '2030-01-01T00:00:00Z',
};

describe('mergeChanges', () => {
  it('keeps both changes when they touch different fields, on the latest version', () => {
    const latest = { ...base, version: 3, capacity: 40, updated_at: '2030-01-02T00:00:00Z' };
    const mine = { ...base, location: { ...base.location, en: 'Hall B' } };
    const merge = mergeChanges(base, latest, mine);
    expect(merge.clashes).toEqual([]);
    expect(merge.mine).toEqual(['location.en']);
    expect(merge.theirs).toEqual(['capacity']);
    expect(merge.record).toEqual({ ...latest, location: { ...base.location, en: 'Hall B' } });
    expect(merge.record.version).toBe(3);
  });

  it('treats each language of a localized field as a field of its own', () => {
    const latest = { ...base, version: 3, title: { ...base.title, ar: 'سباق جديد' } };
    const mine = { ...base, title: { ...base.title, en: 'Race moved' } };
    const merge = mergeChanges(base, latest, mine);
    expect(merge.clashes).toEqual([]);
    expect(merge.record.title).toEqual({ ar: 'سباق جديد', en: 'Race moved', tr: 'Yarış' });
  });

  it('lists the same field changed differently as a clash, theirs kept until chosen', () => {
    const latest = { ...base, version: 3, title: { ...base.title, en: 'Their race' }, capacity: 40 };
    const mine = { ...base, title: { ...base.title, en: 'My race' }, location: { ...base.location, tr: 'B salonu' } };
    const merge = mergeChanges(base, latest, mine);
    expect(merge.clashes).toEqual([{ path: 'title.en', base: 'Race', theirs: 'Their race', mine: 'My race' }]);
    expect(allChosen(merge, {})).toBe(false);
    expect(merge.record.title).toEqual({ ...base.title, en: 'Their race' });
    // Their other change and my other change are both kept whatever is chosen.
    expect(merge.record).toMatchObject({ capacity: 40, location: { tr: 'B salonu', en: 'Hall A' } });

    const chosen = mergeChanges(base, latest, mine, { 'title.en': 'mine' });
    expect(allChosen(chosen, { 'title.en': 'mine' })).toBe(true);
    expect(chosen.record).toMatchObject({ title: { en: 'My race', ar: 'سباق' }, capacity: 40, version: 3 });
    expect(mergeChanges(base, latest, mine, { 'title.en': 'theirs' }).record.title).toEqual(latest.title);
  });

  it('is no clash when both made the same change, nor when a blank became another blank', () => {
    const latest = { ...base, version: 3, capacity: 40, note: null };
    const mine = { ...base, capacity: 40, note: '' };
    const merge = mergeChanges({ ...base, note: null }, latest, mine);
    expect(merge.clashes).toEqual([]);
    expect(merge.mine).toEqual(['capacity']);
  });

  it('compares a column that is not a localized text as one value', () => {
    const at = { lat: 41, lng: 29 };
    const latest = { ...base, version: 3, place: { lat: 41, lng: 30 } };
    const mine = { ...base, place: { lat: 42, lng: 29 } };
    const merge = mergeChanges({ ...base, place: at }, latest, mine);
    expect(merge.clashes.map((c) => c.path)).toEqual(['place']);
  });

  it('never counts the bookkeeping every save changes', () => {
    const latest = { ...base, version: 9, updated_at: 'later' };
    const merge = mergeChanges(base, latest, { ...base, version: 1 });
    expect(merge.theirs).toEqual([]);
    expect(merge.mine).toEqual([]);
  });
});
