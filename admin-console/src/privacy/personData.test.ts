import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { exportFileName, isEmpty, personCsv, personJson, sectionCounts, type PersonData } from './personData';

const data: PersonData = {
  studentNumber: '2021010001',
  email: 'ahmad@example.com',
  submissions: [
    {
      id: 's1',
      type: 'evaluation',
      message: '=HYPERLINK("http://evil")\nشكراً, "جزيلاً"',
      rating: 5,
      event_title: { en: 'Film night', ar: 'ليلة فيلم', tr: 'Film gecesi' },
      reviewed_at: null,
    },
  ],
  students: [{ id: 'r1', name: 'Ahmad Khalil', student_number: '2021010001', enabled: true }],
  staff: [],
  audit: [{ id: 7, action: 'UPDATE', before: { enabled: true }, after: { enabled: false } }],
};

describe('personal data export', () => {
  it('JSON is the answer as it is', () => {
    expect(JSON.parse(personJson(data))).toEqual(data);
  });

  it('CSV has one line per stored value, with a BOM, quotes, JSON for nested values and no formulas', () => {
    const csv = personCsv(data);
    expect(csv.startsWith('\uFEFFsection,record,field,value\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['section', 'record', 'field', 'value']);
    const values = new Map(
      rows.slice(1).map(([section, record, field, value]) => [`${section}/${record}/${field}`, value]),
    );
    expect(values.get('submissions/s1/message')).toBe('\'=HYPERLINK("http://evil")\nشكراً, "جزيلاً"');
    expect(values.get('submissions/s1/rating')).toBe('5');
    expect(JSON.parse(values.get('submissions/s1/event_title')!)).toEqual(data.submissions[0]!.event_title);
    expect(values.has('submissions/s1/reviewed_at')).toBe(false);
    expect(values.get('students/r1/name')).toBe('Ahmad Khalil');
    expect(JSON.parse(values.get('audit/7/after')!)).toEqual({ enabled: false });
    // id, type, message, rating, event_title; id, name, student_number, enabled; id, action, before, after.
    expect(rows).toHaveLength(1 + 5 + 4 + 4);
  });

  it('counts per section and knows when nothing is stored', () => {
    expect(sectionCounts(data)).toEqual({ submissions: 1, students: 1, staff: 0, audit: 1 });
    expect(isEmpty(data)).toBe(false);
    expect(isEmpty({ ...data, submissions: [], students: [], audit: [] })).toBe(true);
  });

  it('names files after the person and the day, with nothing a file system would refuse', () => {
    const day = new Date('2026-11-23T12:00:00Z');
    expect(exportFileName(data, 'json', day)).toBe('personal-data-2021010001-2026-11-23.json');
    expect(exportFileName({ ...data, studentNumber: null, email: 'a/b@x.com' }, 'csv', day)).toBe(
      'personal-data-a_b@x.com-2026-11-23.csv',
    );
  });
});
