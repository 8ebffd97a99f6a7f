import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import { ar as publicAr } from '@union/shared/i18n/public/ar';
import { addArabicPlurals, loadTexts, type Tree } from './messages';

// docs/glossary.md, "Numbers": an Arabic reader sees Arabic-Indic digits in every text of both
// apps, never «3» beside «١٢ آذار». Each Arabic text is rendered as the apps render it (the same
// i18next settings: @union/shared/i18n/numbers) with sample values, and no Latin digit may be
// left outside URLs and isolated codes (coordinates to type, «\u2066https://\u2069»).
// The mails are checked the same way in shared/src/mail/render.test.ts.

/** Placeholders the apps fill with text (names, formatted dates, identifiers), not with a number. */
const TEXT_VALUES: Record<string, string> = {
  title: 'أمسية',
  name: 'لينا',
  author: 'غسان',
  email: 'لينا@مثال',
  key: 'مفتاح',
  date: 'آذار',
  time: 'مساءً',
  error: 'خطأ',
  who: 'لينا',
  status: 'مقبول',
  section: 'الطلبات',
  network: 'فيسبوك',
  number: 'رقم',
  months: 'أشهر',
  auditMonths: 'أشهر',
  recordRepresentation: 'سجل',
  field_lower_first: 'حقل',
  input: 'حقل',
  item: 'عنصر',
  column: 'عمود',
  options: 'خيارات',
  pattern: 'نمط',
  provider: 'مزوّد',
  order: 'ترتيب',
};
/** Counts that pick every Arabic plural form (zero, one, two, few, many, other). */
const COUNTS = [0, 1, 2, 3, 11, 100, 1234];

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : leaves(v, `${prefix}${k}.`)));

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!);

/** What is left to read once URLs and isolated codes are taken out. */
const words = (text: string) =>
  text.replace(/https?:\/\/\S+/g, '').replace(/[\u2066\u2067\u2068][^\u2069]*\u2069/g, '');

function latinDigits(tree: Tree): string[] {
  const i18n = createInstance();
  void i18n.use(localeNumbers).init({
    resources: { ar: { translation: tree } },
    lng: 'ar',
    fallbackLng: false,
    initImmediate: false,
    nsSeparator: false,
    interpolation: textInterpolation,
  });
  const bad: string[] = [];
  for (const [key, text] of leaves(tree))
    for (const count of COUNTS) {
      const values: Record<string, unknown> = { count, smart_count: count };
      for (const name of placeholders(text)) values[name] ??= TEXT_VALUES[name] ?? count;
      // The plural stem, as the apps ask for it (t('places', {count}) picks places_few).
      const stem = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const out = i18n.t(stem, values) as string;
      if (/[0-9]/.test(words(out))) bad.push(`${key}: ${out}`);
    }
  return [...new Set(bad)];
}

describe('Arabic texts write numbers with Arabic-Indic digits', () => {
  it('the public site', () => {
    expect(latinDigits(addArabicPlurals(publicAr as unknown as Tree))).toEqual([]);
  });

  it('the console, with react-admin’s own texts', async () => {
    expect(latinDigits(await loadTexts('ar'))).toEqual([]);
  });
});
