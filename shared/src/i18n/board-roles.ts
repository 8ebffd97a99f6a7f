// Board role labels, shared by the public site's and the console's resources so a role is
// worded the same everywhere (the public texts can still be overridden per key by staff).

export const boardRoleLabels = {
  en: {
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
  },
  ar: {
    president: 'رئيس الاتحاد',
    vice_president: 'نائب الرئيس',
    activities_head: 'مسؤول الأنشطة',
    finance_head: 'المسؤول المالي',
    pr_head: 'مسؤول العلاقات العامة',
    media_head: 'مسؤول الإعلام',
    student_affairs_head: 'مسؤول شؤون الطلاب',
    cultural_committee_official: 'مسؤول اللجنة الثقافية',
    turkish_relations_officer: 'مسؤول العلاقات التركية',
    committee_coordinator: 'منسق اللجان',
  },
  tr: {
    president: 'Başkan',
    vice_president: 'Başkan yardımcısı',
    activities_head: 'Etkinlik sorumlusu',
    finance_head: 'Mali işler sorumlusu',
    pr_head: 'Halkla ilişkiler sorumlusu',
    media_head: 'Medya sorumlusu',
    student_affairs_head: 'Öğrenci işleri sorumlusu',
    cultural_committee_official: 'Kültür komitesi sorumlusu',
    turkish_relations_officer: 'Türk ilişkileri sorumlusu',
    committee_coordinator: 'Komite koordinatörü',
  },
};
