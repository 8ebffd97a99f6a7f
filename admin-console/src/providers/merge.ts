import { LANGUAGES } from '@union/shared/constants';

type Rec = Record<string, unknown>;

/** Columns every save changes by itself: not "what someone changed". */
export const BOOKKEEPING = new Set(['id', 'version', 'updated_at', 'created_at', 'reviewed_at', 'reviewed_by']);

/** Whose value a field keeps when both changed it. */
export type Side = 'mine' | 'theirs';

/** A field both people changed, to different values, from the same base. */
export interface Clash {
  /** A column (`location`), or one language of a localized column (`title.en`), as the form names its input. */
  path: string;
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface Merge {
  /** The paths I changed from the base, and those the other person changed. */
  mine: string[];
  theirs: string[];
  /** Paths both changed to different values: `choices` decides, else theirs stays until chosen. */
  clashes: Clash[];
  /** The latest record with my changes (and the chosen ones) on it: what a merged save writes. */
  record: Rec;
}

const isPlain = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const isLocalized = (v: unknown) =>
  isPlain(v) && Object.keys(v).every((k) => (LANGUAGES as readonly string[]).includes(k));
// An empty text and no text are the same to the person editing (a blank input may send either).
const norm = (v: unknown) => (v === undefined || v === '' ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

/**
 * The paths a record's fields split into. A localized column (`{ar, en, tr}`) is one path per
 * language, because the form edits each language in an input of its own: one person's English
 * title and another's Arabic one are different changes. Any other value is one path.
 */
function paths(field: string, values: unknown[]): string[] {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length > 0 && present.every(isLocalized)) return LANGUAGES.map((l) => `${field}.${l}`);
  return [field];
}

/** The value at a path (`title.en` reads the English text of `title`). */
export function valueAt(record: Rec | undefined, path: string): unknown {
  const [field, language] = path.split('.') as [string, string | undefined];
  const value = record?.[field];
  return language === undefined ? value : isPlain(value) ? value[language] : undefined;
}

function setAt(record: Rec, path: string, value: unknown) {
  const [field, language] = path.split('.') as [string, string | undefined];
  if (language === undefined) record[field] = value;
  else record[field] = { ...(isPlain(record[field]) ? record[field] : {}), [language]: value ?? null };
}

/** The paths that differ between `base` and `next`, over the given fields, in their order. */
function changed(base: Rec, next: Rec, fields: string[], others: Rec[]): string[] {
  return fields
    .filter((f) => !BOOKKEEPING.has(f))
    .flatMap((f) => paths(f, [base[f], next[f], ...others.map((o) => o[f])]))
    .filter((p) => !same(valueAt(base, p), valueAt(next, p)));
}

/**
 * A three-way merge of one record, field by field (a language of a localized field counting as
 * a field): mine are the fields of `mine` (what the form sends) that differ from `base` (the
 * version the form started from), theirs the fields of `latest` that differ from the same base.
 * Where only one side changed a field, that change is kept; where both changed it alike, it is
 * kept once; where both changed it differently, it is a clash, and `choices` says whose value
 * stays (theirs until chosen, so nothing is overwritten unseen).
 */
export function mergeChanges(base: Rec, latest: Rec, mine: Rec, choices: Readonly<Record<string, Side>> = {}): Merge {
  const mineChanged = changed(base, mine, Object.keys(mine), [latest]);
  const theirsChanged = changed(base, latest, Object.keys(latest), [mine]);
  const theirSet = new Set(theirsChanged);
  const clashes = mineChanged
    .filter((p) => theirSet.has(p) && !same(valueAt(latest, p), valueAt(mine, p)))
    .map((path) => ({ path, base: valueAt(base, path), theirs: valueAt(latest, path), mine: valueAt(mine, path) }));
  const clashing = new Set(clashes.map((c) => c.path));
  const record: Rec = { ...latest };
  for (const p of mineChanged) if (!clashing.has(p) || choices[p] === 'mine') setAt(record, p, valueAt(mine, p));
  return { mine: mineChanged, theirs: theirsChanged, clashes, record };
}

/** Whether every clash has a choice. */
export const allChosen = (merge: Merge, choices: Readonly<Record<string, Side>>) =>
  merge.clashes.every((c) => choices[c.path] === 'mine' || choices[c.path] === 'theirs');
