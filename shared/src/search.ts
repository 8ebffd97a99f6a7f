// Case- and accent-insensitive matching that is right for Turkish and Arabic:
// "İstanbul" matches "istanbul", "ISTANBUL" matches "ıstanbul" as a Turkish reader expects,
// and Arabic matches without diacritics or alef/yeh/teh-marbuta variants.

const ARABIC_DIACRITICS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

export function normalizeForSearch(value: string): string {
  return (
    value
      .normalize('NFKD')
      // Turkish dotted/dotless i all fold to plain i, whatever the case.
      .replace(/[İIıi]/g, 'i')
      .replace(/\u0307/g, '')
      .toLowerCase()
      .replace(/[\u0300-\u036f]/g, '')
      .replace(ARABIC_DIACRITICS, '')
      .replace(/[أإآٱ]/g, 'ا')
      .replace(/ى/g, 'ي')
      .replace(/ة/g, 'ه')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** True when the query is empty or found in any of the fields. */
export function matchesSearch(fields: readonly (string | null | undefined)[], query: string): boolean {
  const needle = normalizeForSearch(query);
  if (needle === '') return true;
  return fields.some((field) => typeof field === 'string' && normalizeForSearch(field).includes(needle));
}
