import type { FirstScreenResources } from './types';

/**
 * النصوص العربية التي تعرضها الشاشة الأولى من كل صفحة (الترويسة والقوائم) وواجهة الصفحة الرئيسية.
 * بقية نصوص إطار الصفحات والصفحة الرئيسية في ar-shell.ts، ونصوص الصفحات الأخرى في ar-pages.ts.
 *
 * The Arabic texts the first screen of every page (header, menus) and the home page's hero show:
 * the only texts in the site's first download (FIRST_SCREEN_TEXTS in types.ts). The rest of every
 * page's frame and of the home page is in ar-shell.ts, fetched with the parts below the first
 * screen; the other pages' texts are in ar-pages.ts.
 */
export const arFirst: FirstScreenResources = {
  meta: {
    siteName: 'اتحاد الطلاب الفلسطينيين',
    siteShortName: 'الاتحاد',
    description: 'اتحاد الطلاب الفلسطينيين: فعاليات ومكتبة للإعارة وإنجازات وبيت للطلاب الفلسطينيين في المدينة.',
  },
  nav: {
    home: 'الرئيسية',
    about: 'من نحن',
    sponsor: 'الجهة الراعية',
    board: 'الهيئة الإدارية',
    events: 'الفعاليات',
    library: 'المكتبة',
    achievements: 'الإنجازات',
    news: 'الأخبار',
    contact: 'تواصل معنا',
    login: 'دخول فريق الاتحاد',
    admin: 'لوحة الإدارة',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    mainNav: 'التنقل الرئيسي',
    skipToContent: 'انتقل إلى المحتوى',
    language: 'اللغة',
    chooseLanguage: 'اختر اللغة',
    toDark: 'التبديل إلى الوضع الداكن',
    toLight: 'التبديل إلى الوضع الفاتح',
  },
  languages: {
    ar: 'العربية',
    en: 'English',
    tr: 'Türkçe',
  },
  common: {
    loading: 'جارٍ التحميل…',
    loadError: 'تعذّر تحميل هذا المحتوى.',
    retry: 'حاول مجددًا',
  },
  home: {
    logoAlt: 'شعار اتحاد الطلاب الفلسطينيين',
    heroTitle: 'اتحاد الطلاب الفلسطينيين',
    heroSubtitle: 'سندٌ في الغربة: ثقافة ومعرفة وتضامن للطلاب الفلسطينيين.',
    exploreEvents: 'استكشف الفعاليات',
    learnMore: 'تعرّف على الاتحاد',
    highlights: {
      culturalTitle: 'تبادل ثقافي',
      culturalText: 'أمسيات موسيقى وطعام ودبكة نشارك فيها الثقافة الفلسطينية مع جيراننا.',
      academicTitle: 'تميّز أكاديمي',
      academicText: 'مجموعات دراسة ومكتبة للإعارة وإرشاد من الطلاب الأقدم.',
      communityTitle: 'بناء المجتمع',
      communityText: 'نستقبل الطلاب الجدد بحفاوة، ونبني معهم شبكة علاقات تدوم بعد التخرج.',
    },
  },
  news: {
    feedTitle: 'اتحاد الطلاب الفلسطينيين: الأخبار',
  },
};
