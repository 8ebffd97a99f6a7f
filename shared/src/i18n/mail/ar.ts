import type { MailResources } from './types.ts';

/** النصوص العربية لرسائل تسجيل الفعاليات. */
export const ar: MailResources = {
  siteName: 'اتحاد الطلاب الفلسطينيين',
  subject: {
    registration_confirmed: 'تم استلام تسجيلك: {{title}}',
    registration_waitlisted: 'أنت على قائمة الانتظار: {{title}}',
    registration_promoted: 'أصبح لك مقعد: {{title}}',
    registration_rejected: 'لم يُقبل تسجيلك: {{title}}',
    event_reminder: 'غدًا: {{title}}',
  },
  greeting: 'مرحبًا {{name}}،',
  body: {
    registration_confirmed: 'استلمنا تسجيلك في {{title}} وحجزنا لك مقعدًا. يراجع الاتحاد التسجيلات وسيؤكده لك.',
    registration_waitlisted:
      'اكتمل العدد في {{title}}، لذلك وُضع تسجيلك على قائمة الانتظار (رقمك في الدور {{place}}). إذا شغر مقعد فهو لأول من في قائمة الانتظار، وسنكتب إليك.',
    registration_promoted: 'خبر سار: شغر مقعد في {{title}} وأصبح الآن لك.',
    registration_rejected: 'نأسف، لم يُقبل تسجيلك في {{title}}. إن كان لديك سؤال فراسلنا عبر صفحة التواصل في موقعنا.',
    event_reminder: 'للتذكير: {{title}} غدًا. نتطلع إلى لقائك.',
  },
  when: 'الموعد',
  where: 'المكان',
  eventLink: 'الفعالية على موقعنا',
  calendarNote: 'يضيف ملف التقويم المرفق الفعالية إلى تقويمك.',
  cancelIntro: 'لن تتمكن من الحضور؟ ألغِ تسجيلك ليحصل غيرك على المقعد:',
  cancelLink: 'إلغاء تسجيلي',
  signature: 'فريق اتحاد الطلاب الفلسطينيين',
  footer: 'تصلك هذه الرسالة لأن هذا العنوان أُدخل عند التسجيل في الفعالية.',
};
