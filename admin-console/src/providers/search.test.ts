import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { orIlike, withSearch } from './search';
import { collect } from '../registry';

const SEARCH = collect((r) => r.search && [...r.search]);

describe('orIlike', () => {
  it('builds a quoted PostgREST or-expression over the fields', () => {
    expect(orIlike(['name', 'email'], '  Ali  ')).toBe('(name.ilike."*Ali*",email.ilike."*Ali*")');
  });
  it('keeps commas and brackets inside the quoted value and drops quotes', () => {
    expect(orIlike(['name'], 'a,b) "c"')).toBe('(name.ilike."*a,b) c*")');
  });
  it('is null for an empty query', () => {
    expect(orIlike(['name'], '   ')).toBeNull();
  });
});

describe('withSearch', () => {
  const base = () =>
    ({ getList: vi.fn(async () => ({ data: [], total: 0 })) }) as unknown as DataProvider & {
      getList: ReturnType<typeof vi.fn>;
    };

  it('turns q into an or@ filter for submissions (name, email, student number, message)', async () => {
    const b = base();
    await withSearch(b, SEARCH).getList('submissions', {
      filter: { q: 'x', status: 'pending' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(b.getList.mock.calls[0][1].filter).toEqual({
      status: 'pending',
      'or@': '(name.ilike."*x*",email.ilike."*x*",student_number.ilike."*x*",message.ilike."*x*")',
    });
  });

  it('drops an empty q and leaves resources without search alone', async () => {
    const b = base();
    await withSearch(b, SEARCH).getList('students', {
      filter: { q: ' ' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(b.getList.mock.calls[0][1].filter).toEqual({});
    await withSearch(b, SEARCH).getList('events', {
      filter: { q: 'x' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(b.getList.mock.calls[1][1].filter).toEqual({ q: 'x' });
  });
});
