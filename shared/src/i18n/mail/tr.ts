import type { MailResources } from './types.ts';

/** Etkinlik kayıtlarıyla ilgili e-postaların Türkçe metinleri. */
export const tr: MailResources = {
  siteName: 'Filistinli Öğrenciler Birliği',
  subject: {
    registration_confirmed: 'Kaydınız alındı: {{title}}',
    registration_waitlisted: 'Bekleme listesindesiniz: {{title}}',
    registration_promoted: 'Size yer açıldı: {{title}}',
    registration_approved: 'Kaydınız onaylandı: {{title}}',
    registration_rejected: 'Kaydınız kabul edilmedi: {{title}}',
    event_reminder: 'Yarın: {{title}}',
  },
  body: {
    registration_confirmed:
      '{{title}} için kaydınız alındı ve sizin için bir yer ayrıldı. Ekip kayıtları inceliyor; kaydınız onaylandığında size yeniden yazacağız.',
    registration_waitlisted:
      '{{title}} dolu olduğu için kaydınız bekleme listesinde (sıranız: {{place}}). Bir yer boşalırsa bekleme listesindeki ilk kişiye verilir; o zaman size yazacağız.',
    registration_promoted:
      'Güzel haber: {{title}} etkinliğinde bir yer boşaldı ve artık sizin. Ekip kayıtları inceliyor; kaydınız onaylandığında size yeniden yazacağız.',
    registration_approved: '{{title}} için kaydınız onaylandı, yeriniz kesinleşti. Sizi görmeyi dört gözle bekliyoruz.',
    registration_rejected:
      'Üzgünüz, {{title}} için kaydınız kabul edilmedi. Sorunuz varsa web sitemizdeki iletişim sayfasından bize yazın.',
    event_reminder: 'Hatırlatma: {{title}} yarın. Sizi görmeyi dört gözle bekliyoruz.',
  },
  when: 'Ne zaman',
  where: 'Nerede',
  eventLink: 'Etkinliğin sitemizdeki sayfası',
  calendarNote: 'Etkinliği takviminize eklemek için ekteki takvim dosyasını açın.',
  cancelIntro: {
    seat: 'Gelemeyecek misiniz? Yerinizin başka birine geçmesi için kaydınızı iptal edin:',
    open: 'Gelemeyecek misiniz? Kaydınızı iptal ederek bize haber verin:',
    waitlist: 'Artık gelmek istemiyor musunuz? Bekleme listesinden çıkmak için kaydınızı iptal edin:',
  },
  cancelLink: 'Kaydımı iptal et',
  signature: 'Filistinli Öğrenciler Birliği ekibi',
  footer: 'Bu e-postayı, etkinliğe kayıt olurken bu adres verildiği için alıyorsunuz.',
};
