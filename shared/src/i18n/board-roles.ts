// Board role labels, shared by the public site's and the console's resources so a role is
// worded the same everywhere (the public texts can still be overridden per key by staff).
//
// Arabic titles agree with the person: «رئيس الاتحاد», «رئيسة الاتحاد». Each role therefore also
// has a `<role>_female` text, which i18next picks for `t('board.roles.<role>', { context:
// 'female' })` (a male member's context finds no `_male` text and falls back to the base one).
// English and Turkish titles have one form, repeated so that every language has every key.
import type { BoardRole } from '../constants';

type Labels = Record<BoardRole, string>;
type GenderedLabels = Labels & Record<`${BoardRole}_female`, string>;

const withFemale = (base: Labels, female: Labels): GenderedLabels =>
  Object.assign(
    { ...base },
    ...Object.entries(female).map(([role, text]) => ({ [`${role}_female`]: text })),
  ) as GenderedLabels;

const en: Labels = {
  president: 'President',
  vice_president: 'Vice president',
  activities_head: 'Head of activities',
  finance_head: 'Head of finance',
  pr_head: 'Head of public relations',
  media_head: 'Head of media',
  student_affairs_head: 'Head of student affairs',
  cultural_committee_official: 'Cultural committee official',
  turkish_relations_officer: 'Turkish relations officer',
  committee_coordinator: 'Committee coordinator',
};

const ar: Labels = {
  president: 'رئيس الاتحاد',
  vice_president: 'نائب الرئيس',
  activities_head: 'مسؤول الأنشطة',
  finance_head: 'المسؤول المالي',
  pr_head: 'مسؤول العلاقات العامة',
  media_head: 'مسؤول الإعلام',
  student_affairs_head: 'مسؤول شؤون الطلاب',
  cultural_committee_official: 'مسؤول اللجنة الثقافية',
  turkish_relations_officer: 'مسؤول العلاقات التركية',
  committee_coordinator: 'منسّق اللجان',
};

const arFemale: Labels = {
  president: 'رئيسة الاتحاد',
  vice_president: 'نائبة الرئيس',
  activities_head: 'مسؤولة الأنشطة',
  finance_head: 'المسؤولة المالية',
  pr_head: 'مسؤولة العلاقات العامة',
  media_head: 'مسؤولة الإعلام',
  student_affairs_head: 'مسؤولة شؤون الطلاب',
  cultural_committee_official: 'مسؤولة اللجنة الثقافية',
  turkish_relations_officer: 'مسؤولة العلاقات التركية',
  committee_coordinator: 'منسّقة اللجان',
};

const tr: Labels = {
  president: 'Başkan',
  vice_president: 'Başkan yardımcısı',
  activities_head: 'Etkinlik sorumlusu',
  finance_head: 'Mali işler sorumlusu',
  pr_head: 'Halkla ilişkiler sorumlusu',
  media_head: 'Medya sorumlusu',
  student_affairs_head: 'Öğrenci işleri sorumlusu',
  cultural_committee_official: 'Kültür komitesi sorumlusu',
  turkish_relations_officer: 'Türk ilişkileri sorumlusu',
  committee_coordinator: 'Komiteler koordinatörü',
};

export const boardRoleLabels = { en: withFemale(en, en), ar: withFemale(ar, arFemale), tr: withFemale(tr, tr) };
