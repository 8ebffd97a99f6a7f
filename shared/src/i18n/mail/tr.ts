import type { MailResources } from './types.ts';

/** Etkinlik kayıtlarıyla ilgili e-postaların Türkçe metinleri. */
export const tr: MailResources = {
  siteName: 'Filistinli Öğrenciler Birliği',
  subject: {
    registration_confirmed: 'Kaydınız alındı: {{title}}',
    registration_waitlisted: 'Bekleme listesindesiniz: {{title}}',
    registration_promoted: 'Yer sizin: {{title}}',
    registration_approved: 'Kaydınız onaylandı: {{title}}',
    registration_rejected: 'Kaydınız kabul edilmedi: {{title}}',
    event_reminder: 'Yarın: {{title}}',
  },
  body: {
    registration_confirmed:
      '{{title}} için kaydınız alındı ve sizin için bir yer ayrıldı. Birlik kayıtları inceler; kaydınız onaylandığında size yeniden yazarız.',
    registration_waitlisted:
      '{{title}} dolu olduğu için kaydınız bekleme listesinde (sıranız: {{place}}). Bir yer boşalırsa bekleme listesindeki ilk kişiye verilir ve size yazarız.',
    registration_promoted:
      'Güzel haber: {{title}} etkinliğinde bir yer boşaldı ve artık sizin. Birlik kayıtları inceler; kaydınız onaylandığında size yeniden yazarız.',
    registration_approved: '{{title}} için kaydınız onaylandı, yeriniz kesinleşti. Sizi görmeyi dört gözle bekliyoruz.',
    registration_rejected:
      'Üzgünüz, {{title}} için kaydınız kabul edilmedi. Sorunuz varsa web sitemizdeki iletişim sayfasından bize yazın.',
    event_reminder: 'Hatırlatma: {{title}} yarın. Sizi görmeyi dört gözle bekliyoruz.',
  },
  when: 'Ne zaman',
  where: 'Nerede',
  eventLink: 'Web sitemizde etkinlik',
  calendarNote: 'Ekteki takvim dosyası etkinliği takviminize ekler.',
  cancelIntro: {
    seat: 'Gelemeyecek misiniz? Yerinizin başka birine geçmesi için kaydınızı iptal edin:',
    open: 'Gelemeyecek misiniz? Kaydınızı iptal ederek bize haber verin:',
    waitlist: 'Artık gelmek istemiyor musunuz? Bekleme listesinden çıkmak için kaydınızı iptal edin:',
  },
  cancelLink: 'Kaydımı iptal et',
  signature: 'Filistinli Öğrenciler Birliği ekibi',
  footer: 'Bu e-postayı, etkinliğe kayıt olurken bu adres verildiği için alıyorsunuz.',
};
