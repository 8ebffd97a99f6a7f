import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ar as adminAr } from '@union/shared/i18n/admin/ar';
import { en as adminEn } from '@union/shared/i18n/admin/en';
import { tr as adminTr } from '@union/shared/i18n/admin/tr';
import { ar as publicAr } from '@union/shared/i18n/public/ar';
import { en as publicEn } from '@union/shared/i18n/public/en';
import { tr as publicTr } from '@union/shared/i18n/public/tr';
import { ar as mailAr } from '@union/shared/i18n/mail/ar';
import { tr as mailTr } from '@union/shared/i18n/mail/tr';
import { raArabic, raSupabaseArabic } from './ra-ar';
import { raTurkish, raSupabaseTurkish } from './ra-tr';

// docs/glossary.md: one word for each thing. The texts of both apps, the mails (registration
// mails and the supabase/templates ones), the react-admin packs and the demo content must not
// bring back a variant the glossary rejects.

type Tree = { [key: string]: string | Tree };
const texts = (tree: unknown): string[] =>
  typeof tree === 'string'
    ? [tree]
    : tree && typeof tree === 'object'
      ? Object.values(tree as Tree).flatMap(texts)
      : [];

const seed = readFileSync(new URL('../../../supabase/seed.sql', import.meta.url), 'utf8');
/** The auth mails' templates (config.toml [auth.email.template.*]), every language in one file. */
const templatesDir = new URL('../../../supabase/templates/', import.meta.url);
const templates = readdirSync(templatesDir)
  .filter((f) => f.endsWith('.html'))
  .map((f) => readFileSync(new URL(f, templatesDir), 'utf8'));

const REJECTED: { lang: 'ar' | 'tr'; variant: RegExp; instead: string }[] = [
  { lang: 'ar', variant: /الرقم الطلابي|رقم الطالب|رقمك الطلابي/, instead: 'الرقم الجامعي' },
  { lang: 'ar', variant: /الموظف|موظفين|موظفون/, instead: 'فريق الاتحاد' },
  { lang: 'ar', variant: /إنشاء/, instead: 'إضافة' },
  { lang: 'ar', variant: /الاتصال مجددًا/, instead: 'تسجيل الدخول مجددًا' },
  { lang: 'ar', variant: /بيتٌ بعيدًا عن البيت|تقف خلف الاتحاد/, instead: 'سندٌ في الغربة / الجهة الراعية' },
  { lang: 'tr', variant: /[Pp]ersonel/, instead: 'ekip' },
  // The noun (an application), not the verb «başvurun» (turn to someone).
  { lang: 'tr', variant: /(?<!\p{L})[Bb]aşvuru(?:lar|ları|su|nun|yu)?(?!\p{L})/u, instead: 'gelen form' },
  { lang: 'tr', variant: /ödünç kütüphanesi/, instead: 'ödünç kitap veren kütüphane' },
  // Adding a record, not «topluluk oluşturma» (building a community).
  { lang: 'tr', variant: /(?<!\p{L})[Oo]luştur(?:uldu)?(?!\p{L})/u, instead: 'ekle' },
  { lang: 'tr', variant: /yeniden bağlan/, instead: 'yeniden giriş yapın' },
  // "Pending review" and "waitlisted" must not look alike (قيد الانتظار beside على قائمة الانتظار).
  { lang: 'ar', variant: /قيد الانتظار/, instead: 'قيد المراجعة' },
  { lang: 'tr', variant: /(?<!\p{L})(?:Beklemede|Bekliyor|Bekleyen)(?!\p{L})/iu, instead: 'İncelemede' },
  // The middle dot (and its look-alikes) reads as the Arabic-Indic zero «٠»: «، » instead.
  { lang: 'ar', variant: /[·•∙⋅・]/, instead: 'common.listSeparator «، »' },
  {
    lang: 'tr',
    variant: /[Ee]vden uzakta bir ev|[Kk]ültürel değişim|ulusal anma|arkasında duran/,
    instead: 'docs/glossary.md',
  },
  // «السجل» is the change log (سجل التغييرات) or the students register (سجل الطلاب), never a
  // record: «العنصر». A bare «السجل», «سجلات» or «سجل» before any other word is refused (the verb
  // «سجّل» carries its shadda on the jim, so it does not match).
  {
    lang: 'ar',
    variant: /(?<![\p{L}\p{M}])(?:[وفبل]?ال|لل)?سجل\p{M}*(?:ات\p{L}*|ا)?(?![\p{L}\p{M}])(?! (?:التغييرات|الطلاب))/u,
    instead: 'العنصر / سجل التغييرات / سجل الطلاب',
  },
  // «تاريخ» reads as a date in a console full of «تاريخ الإرسال».
  { lang: 'ar', variant: /تاريخ التعديلات|تاريخ تعديلات/, instead: 'سجل التغييرات' },
  // «kayıt» is a registration: the change log is «değişiklik geçmişi», its entries «girdi».
  { lang: 'tr', variant: /[Dd]eğişiklik kayd|kayıt defter|kayıt girdi/, instead: 'değişiklik geçmişi, girdi' },
  // The list student numbers are checked against is the student register, not "our records".
  { lang: 'tr', variant: /kayıtlarımız|[Öö]ğrenci kay[ıd]/u, instead: 'öğrenci listesi' },
  { lang: 'ar', variant: /سجلاتنا|في النظام/, instead: 'سجل الطلاب' },
  // A registration the union reviews is a registration request («طلب التسجيل»), as the site says.
  { lang: 'ar', variant: /يراجع الاتحاد التسجيلات|لم تتم الموافقة على/, instead: 'طلبات التسجيل، يُقبل' },
  // One Turkish word for password.
  { lang: 'tr', variant: /(?<!\p{L})[Pp]arola/u, instead: 'şifre' },
  { lang: 'ar', variant: /كلمة السر/, instead: 'كلمة المرور' },
  // Arabic letters have no case: «حرف كبير / حرف صغير» means a big / small letter.
  { lang: 'ar', variant: /حرف كبير|حرف صغير|أحرف كبيرة/, instead: 'حرف لاتيني كبير (A-Z)' },
];

/**
 * Texts about a record (an event, a book, a news item…) and its change log: in Turkish they never
 * say «kayıt» (a registration), but «öğe» and «değişiklik geçmişi»; «kaydet» (save) is fine.
 */
const RECORD_TEXTS_TR = [
  adminTr.history,
  adminTr.conflict,
  adminTr.audit,
  adminTr.resources.audit_log,
  adminTr.privacyRequests,
  adminTr.errors.stale_record,
  adminTr.errors.not_restorable,
  adminTr.errors.restore_expired,
  adminTr.errors.record_exists,
  adminTr.settings.keys.auditRetentionMonths,
  adminTr.handover.accounts.superadmins,
  // react-admin's own messages are all about items.
  raTurkish,
  raSupabaseTurkish,
];
const KAYIT = /(?<!\p{L})(?:kayıt|kayd(?!e))\p{L}*/iu;

const sources = {
  ar: [
    ...texts(publicAr),
    ...texts(adminAr),
    ...texts(mailAr),
    ...texts(raArabic),
    ...texts(raSupabaseArabic),
    ...templates,
  ],
  tr: [
    ...texts(publicTr),
    ...texts(adminTr),
    ...texts(mailTr),
    ...texts(raTurkish),
    ...texts(raSupabaseTurkish),
    ...templates,
  ],
};

describe('glossary', () => {
  it.each(REJECTED)('$lang texts never say $variant (say $instead)', ({ lang, variant }) => {
    expect(sources[lang].filter((text) => variant.test(text))).toEqual([]);
  });

  it.each(REJECTED)('the demo content never says $variant', ({ variant }) => {
    expect(seed.split('\n').filter((line) => variant.test(line))).toEqual([]);
  });

  it('never calls a record or the change log «kayıt» in Turkish (a registration)', () => {
    expect(texts(RECORD_TEXTS_TR).filter((text) => KAYIT.test(text))).toEqual([]);
  });

  it('names a record, the change log, registrations and check-in with one word each', () => {
    expect(adminAr.history.button).toBe(adminAr.resources.audit_log.name);
    expect(adminAr.resources.audit_log.name).toBe('سجل التغييرات');
    expect(adminAr.conflict.title).toContain('العنصر');
    expect(adminTr.resources.audit_log.name).toBe('Değişiklik geçmişi');
    expect(adminTr.history.button).toBe('Değişiklik geçmişi');
    expect(adminTr.conflict.title).toContain('öğeyi');
    expect(adminEn.conflict.title).toContain('item');
    // The attendees page lists every registration: the registrants, not those who came.
    expect(adminAr.events.attendees.open).toBe('المسجّلون');
    expect(adminTr.events.attendees.open).toBe('Kayıtlar');
    expect(adminEn.events.attendees.open).toBe('Registrations');
    // Check-in is an action in Turkish, not «Katıldı» (a past tense that reads as a status).
    expect(adminTr.events.attendees.markAttended).not.toBe('Katıldı');
    expect(adminAr.events.attendees.markAttended).toBe(adminAr.events.attendees.checkIn);
  });

  it('names a dialog’s confirm button by its action, never a generic Confirm', () => {
    const code = import.meta.glob(['../**/*.tsx'], { query: '?raw', import: 'default', eager: true }) as Record<
      string,
      string
    >;
    const dialogs = Object.entries(code).flatMap(([file, text]) =>
      [...text.matchAll(/<Confirm\b[\s\S]*?\n\s*\/>/g)].map((m) => [file, m[0]] as const),
    );
    expect(dialogs.length).toBeGreaterThan(5);
    expect(dialogs.filter(([, dialog]) => !/\bconfirm=/.test(dialog)).map(([file]) => file)).toEqual([]);
    // react-admin's own delete dialog takes no label: only DeleteWithConfirm wraps it.
    const bare = Object.entries(code)
      .filter(([file, text]) => /<DeleteWithConfirmButton\b/.test(text) && !file.endsWith('SuperadminDelete.tsx'))
      .map(([file]) => file);
    expect(bare).toEqual([]);
    expect(raTurkish.ra.action.confirm).not.toBe(adminTr.submissions.approve);
  });

  it('names the two dates of a form by what they are', () => {
    expect(adminAr.resources.submissions.fields.created_at).toBe('تاريخ الإرسال');
    expect(adminTr.resources.submissions.fields.created_at).toBe('Geliş tarihi');
    expect(adminAr.resources.submissions.fields.loan_date).toBe(publicAr.library.loanDate);
    expect(adminTr.resources.submissions.fields.loan_date).toBe(publicTr.library.loanDate);
  });

  it('words student number and staff the same in both apps', () => {
    expect(publicAr.form.studentId).toBe('الرقم الجامعي');
    expect(adminAr.resources.students.fields.student_number).toBe('الرقم الجامعي');
    expect(publicTr.form.studentId).toBe('Öğrenci numarası');
    expect(adminTr.resources.students.fields.student_number).toBe('Öğrenci numarası');
    expect(adminEn.resources.staff.name).toBe('Staff account |||| Staff accounts');
  });

  it('gives every Arabic board title its feminine form', () => {
    const roles = publicAr.board.roles as Record<string, string>;
    for (const [key, text] of Object.entries(roles).filter(([k]) => !k.endsWith('_female'))) {
      expect(roles[`${key}_female`], key).toBeTruthy();
      expect(roles[`${key}_female`], key).not.toBe(text);
    }
    expect(roles.vice_president_female).toBe('نائبة الرئيس');
  });

  it('reads the mail texts and the auth mail templates too', () => {
    expect(templates.length).toBeGreaterThan(0);
    expect(sources.ar).toContain(mailAr.cancelLink);
    expect(sources.tr).toContain(mailTr.cancelLink);
  });

  it('gives "pending review" and "waitlisted" words that do not look alike, in every language', () => {
    const pairs = [
      [adminEn.submissions.statuses.pending, adminEn.events.attendees.statusWaitlisted, /wait/i],
      [adminAr.submissions.statuses.pending, adminAr.events.attendees.statusWaitlisted, /انتظار/],
      [adminTr.submissions.statuses.pending, adminTr.events.attendees.statusWaitlisted, /bekle/i],
    ] as const;
    for (const [pending, waitlisted, waitWord] of pairs) {
      expect(waitlisted).toMatch(waitWord);
      expect(pending).not.toMatch(waitWord);
    }
    expect(adminAr.submissions.statuses.pending).toBe('قيد المراجعة');
    expect(adminTr.submissions.statuses.pending).toBe('İncelemede');
    expect(adminAr.dashboard.pendingTitle).toContain('قيد المراجعة');
    expect(publicEn.registration.waitlisted).toMatch(/waitlist/);
  });

  it('joins figures with the language’s separator, never a dot beside Arabic-Indic digits', () => {
    expect(adminAr.common.listSeparator).toBe('، ');
    const code = import.meta.glob(['../**/*.tsx', '../../../public-site/src/**/*.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(code).length).toBeGreaterThan(20);
    const literal = Object.entries(code)
      .filter(([, text]) => /['"`][^'"`\n]*[·•∙⋅][^'"`\n]*['"`]/.test(text))
      .map(([file]) => file);
    expect(literal).toEqual([]);
  });
});
