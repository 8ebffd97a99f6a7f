import type { MailResources } from './types.ts';

/** النصوص العربية لرسائل تسجيل الفعاليات. */
export const ar: MailResources = {
  siteName: 'اتحاد الطلاب الفلسطينيين',
  subject: {
    registration_confirmed: 'تم استلام تسجيلك: {{title}}',
    registration_waitlisted: 'أنت على قائمة الانتظار: {{title}}',
    registration_promoted: 'أصبح لك مقعد: {{title}}',
    registration_approved: 'قُبل تسجيلك: {{title}}',
    registration_rejected: 'لم يُقبل تسجيلك: {{title}}',
    event_reminder: 'غدًا: {{title}}',
  },
  body: {
    registration_confirmed:
      'استلمنا تسجيلك في {{title}} وحجزنا لك مقعدًا. يراجع الاتحاد طلبات التسجيل، وسنكتب إليك مجددًا حين يُقبل تسجيلك.',
    registration_waitlisted:
      'اكتمل عدد المقاعد في {{title}}، لذلك وُضع تسجيلك على قائمة الانتظار (ترتيبك فيها: {{place}}). إذا شغر مقعد ذهب إلى أول المنتظرين بالترتيب، وسنكتب إليك حينها.',
    registration_promoted:
      'خبر سار: شغر مقعد في {{title}} وأصبح الآن لك. يراجع الاتحاد طلبات التسجيل، وسنكتب إليك مجددًا حين يُقبل تسجيلك.',
    registration_approved: 'قُبل تسجيلك في {{title}}، ومقعدك مؤكَّد. نتطلع إلى لقائك.',
    registration_rejected: 'نأسف، لم يُقبل تسجيلك في {{title}}. إن كان لديك سؤال فراسلنا عبر صفحة التواصل في موقعنا.',
    event_reminder: 'للتذكير: {{title}} غدًا. نتطلع إلى لقائك.',
  },
  when: 'الموعد',
  where: 'المكان',
  eventLink: 'صفحة الفعالية على موقعنا',
  calendarNote: 'افتح ملف التقويم المرفق لإضافة الفعالية إلى تقويمك.',
  cancelIntro: {
    seat: 'لن تتمكن من الحضور؟ ألغِ تسجيلك ليحصل غيرك على مقعدك:',
    open: 'لن تتمكن من الحضور؟ أخبرنا بإلغاء تسجيلك:',
    waitlist: 'لم تعد ترغب في الحضور؟ ألغِ تسجيلك ليُحذف اسمك من قائمة الانتظار:',
  },
  cancelLink: 'إلغاء تسجيلي',
  signature: 'فريق اتحاد الطلاب الفلسطينيين',
  footer: 'تصلك هذه الرسالة لأن بريدك الإلكتروني أُدخل عند التسجيل في الفعالية.',
};
