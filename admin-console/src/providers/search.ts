import type { DataProvider } from 'react-admin';

/** Columns searched by a list's free-text `q` filter, per resource. */
export const SEARCH_FIELDS: Record<string, string[]> = {
  submissions: ['name', 'email', 'student_number', 'message'],
  students: ['name', 'student_number'],
  staff: ['email'],
  audit_log: ['actor_email', 'row_id'],
};

/**
 * A PostgREST `or` expression matching any of `fields` case-insensitively against `query`,
 * e.g. `(name.ilike."*ali*",email.ilike."*ali*")`. The value is double-quoted so commas and
 * brackets typed by a person cannot change the filter's structure.
 */
export function orIlike(fields: string[], query: string): string | null {
  const term = query.replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim();
  if (term === '' || fields.length === 0) return null;
  return `(${fields.map((f) => `${f}.ilike."*${term}*"`).join(',')})`;
}

/**
 * Turns `filter.q` into a PostgREST `or` filter. ra-data-postgrest passes a key with an empty
 * operator (`'or@'`) through verbatim, which is how the expression reaches the query string.
 */
export function withSearch(base: DataProvider, fields: Record<string, string[]> = SEARCH_FIELDS): DataProvider {
  return {
    ...base,
    getList(resource, params) {
      const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
      const list = fields[resource];
      if (!list || typeof q !== 'string') return base.getList(resource, params);
      const expression = orIlike(list, q);
      return base.getList(resource, { ...params, filter: expression ? { ...filter, 'or@': expression } : filter });
    },
  };
}
