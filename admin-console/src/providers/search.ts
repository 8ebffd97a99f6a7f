import type { DataProvider } from 'react-admin';

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
 * Turns `filter.q` into a PostgREST `or` filter over `fields` (per resource, the registry's
 * search columns). ra-data-postgrest passes a key with an empty
 * operator (`'or@'`) through verbatim, which is how the expression reaches the query string.
 */
export function withSearch(base: DataProvider, fields: Record<string, string[]>): DataProvider {
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
