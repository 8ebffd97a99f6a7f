import { describe, expect, it } from 'vitest';
import { duplicatesOfExisting, parseStudentsCsv, problemMessage } from './csv';

describe('parseStudentsCsv', () => {
  it('reads name,number with a header in any order and column names in three languages', () => {
    expect(parseStudentsCsv('number,name\n2023001,Ali\n2023002,Sara\n').rows).toEqual([
      { line: 2, name: 'Ali', student_number: '2023001' },
      { line: 3, name: 'Sara', student_number: '2023002' },
    ]);
    expect(parseStudentsCsv('الاسم,الرقم الجامعي\nعلي,١٢٣\n').rows).toEqual([
      { line: 2, name: 'علي', student_number: '123' },
    ]);
  });

  it('reads a file without header as name then number, skipping blank lines and a BOM', () => {
    const { rows, problems } = parseStudentsCsv('\uFEFFAli, 11 \n\n"Omar, Jr",12\n');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 1, name: 'Ali', student_number: '11' },
      { line: 2, name: 'Omar, Jr', student_number: '12' },
    ]);
  });

  it('reports missing values and numbers repeated in the file', () => {
    const { problems } = parseStudentsCsv('name,number\nAli,1\n,2\nSara,\nMona,1\n');
    expect(problems).toEqual([
      { kind: 'missingName', line: 3 },
      { kind: 'missingNumber', line: 4 },
      { kind: 'duplicateInFile', line: 5, number: '1' },
    ]);
  });

  it('reports an empty file', () => {
    expect(parseStudentsCsv('name,number\n').problems).toEqual([{ kind: 'empty' }]);
  });
});

describe('duplicatesOfExisting', () => {
  it('reports numbers already in the register (after normalising digits and spaces)', () => {
    const { rows } = parseStudentsCsv('Ali,100\nSara,200\n');
    expect(duplicatesOfExisting(rows, [' 200 ', '300'])).toEqual([
      { kind: 'duplicateExisting', line: 2, number: '200' },
    ]);
  });

  it('gives each problem a translation key with its arguments', () => {
    expect(problemMessage({ kind: 'duplicateExisting', line: 2, number: '200' })).toEqual([
      'students.problemsList.duplicateExisting',
      { kind: 'duplicateExisting', line: 2, number: '200' },
    ]);
    expect(problemMessage({ kind: 'empty' })[0]).toBe('students.problemsList.empty');
  });
});
