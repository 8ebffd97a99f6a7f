-- Demo data for local development and tests (run by `supabase db push --include-seed` on a
-- fresh database). Dates are relative to now(), so there are always past and upcoming events;
-- events start on the hour, in Istanbul time (the union is in Turkey).
-- Images: supabase/seed-images/upload.ts uploads files to the photo paths used here.
-- NEVER push this file to a production project (`--include-seed`): it creates accounts with
-- well-known passwords.

-- Demo accounts (the usual Supabase seed pattern): superadmin@union.test / Superadmin1,
-- editor@union.test / Editor12345.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values
  ('00000000-0000-0000-0000-000000000000', '5a000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'superadmin@union.test', extensions.crypt('Superadmin1', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5a000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'editor@union.test', extensions.crypt('Editor12345', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from auth.users u
where u.id in ('5a000000-0000-4000-8000-000000000001', '5a000000-0000-4000-8000-000000000002');

insert into public.staff (user_id, email, role) values
  ('5a000000-0000-4000-8000-000000000001', 'superadmin@union.test', 'superadmin'),
  ('5a000000-0000-4000-8000-000000000002', 'editor@union.test', 'editor');

-- Events: five upcoming (two with registration closed), three past. The workshop has 12 places
-- (materials for 12) and takes registrations until the evening two days before; the others
-- have no limit and no deadline (docs/data-model.md "Seats and the waitlist").
insert into public.events (id, title, description, location, starts_at, registration_open, photo_path, capacity, registration_deadline) values
  ('e0000000-0000-4000-8000-000000000001',
   '{"en":"Welcome evening for new students","ar":"أمسية الترحيب بالطلاب الجدد","tr":"Yeni öğrenciler için tanışma akşamı"}',
   '{"en":"Meet the union, find your way around the city and share a Palestinian dinner with students who arrived before you.","ar":"تعرّف على الاتحاد واكتشف المدينة وشاركنا عشاءً فلسطينيًا مع طلاب سبقوك إلى هنا.","tr":"Birliği tanıyın, şehirde yolunuzu bulun ve sizden önce gelen öğrencilerle bir Filistin akşam yemeğini paylaşın."}',
   '{"en":"Student Centre, main campus","ar":"مركز الطلاب، الحرم الرئيسي","tr":"Öğrenci Merkezi, ana kampüs"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '10 days 18 hours') at time zone 'Europe/Istanbul', true, 'events/welcome-evening-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000002',
   '{"en":"Tatreez embroidery workshop","ar":"ورشة التطريز الفلسطيني","tr":"Filistin nakışı (tatriz) atölyesi"}',
   '{"en":"Learn the basic stitches of Palestinian embroidery and the stories behind the patterns of each region. Materials are provided.","ar":"تعلّم الغرز الأساسية في التطريز الفلسطيني والحكايات التي تحملها نقوش كل منطقة. نوفر جميع المواد.","tr":"Filistin nakışının temel ilmeklerini ve her bölgenin desenlerinin ardındaki hikâyeleri öğrenin. Malzemeler bizden."}',
   '{"en":"Faculty of Fine Arts, room 204","ar":"كلية الفنون الجميلة، القاعة ٢٠٤","tr":"Güzel Sanatlar Fakültesi, Derslik 204"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '20 days 14 hours') at time zone 'Europe/Istanbul', true, 'events/tatreez-workshop-1767225600000-1600x900.webp', 12,
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '18 days 20 hours') at time zone 'Europe/Istanbul'),
  ('e0000000-0000-4000-8000-000000000003',
   '{"en":"Palestinian heritage night","ar":"ليلة التراث الفلسطيني","tr":"Filistin kültür mirası gecesi"}',
   '{"en":"Dabke, music and traditional food with our Turkish friends. The hall is full, so registration is closed.","ar":"دبكة وموسيقى وأطباق تراثية مع أصدقائنا الأتراك. اكتمل العدد، لذلك أُغلق التسجيل.","tr":"Türk dostlarımızla birlikte dabke, müzik ve geleneksel yemekler. Salon doldu, kayıtlar kapandı."}',
   '{"en":"Atatürk Culture Centre, Bursa","ar":"مركز أتاتورك الثقافي، بورصة","tr":"Atatürk Kültür Merkezi, Bursa"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '35 days 19 hours') at time zone 'Europe/Istanbul', false, 'events/heritage-night-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000004',
   '{"en":"Turkish conversation club","ar":"نادي المحادثة باللغة التركية","tr":"Türkçe sohbet kulübü"}',
   '{"en":"A relaxed weekly hour to practise Turkish with volunteer students before exams and job interviews.","ar":"ساعة أسبوعية هادئة لممارسة اللغة التركية مع طلاب متطوعين قبل الامتحانات ومقابلات العمل.","tr":"Sınavlardan ve iş görüşmelerinden önce gönüllü öğrencilerle Türkçe pratik yapmak için haftalık rahat bir saat."}',
   '{"en":"Central Library, group study room","ar":"المكتبة المركزية، غرفة الدراسة الجماعية","tr":"Merkez Kütüphane, grup çalışma odası"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '5 days 16 hours') at time zone 'Europe/Istanbul', true, 'events/turkish-conversation-club-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000005',
   '{"en":"Exam season study marathon","ar":"ماراثون الدراسة في موسم الامتحانات","tr":"Sınav dönemi ders çalışma maratonu"}',
   '{"en":"A quiet night of shared study with tea, coffee and tutors for maths and engineering courses. Places were limited and are now taken.","ar":"ليلة دراسة جماعية هادئة مع الشاي والقهوة ومدرّسين لمواد الرياضيات والهندسة. كانت المقاعد محدودة واكتمل عددها.","tr":"Çay, kahve ve matematik ile mühendislik dersleri için eğitmenlerle sessiz bir ortak çalışma gecesi. Yerler sınırlıydı ve doldu."}',
   '{"en":"Engineering Faculty, hall B","ar":"كلية الهندسة، القاعة ب","tr":"Mühendislik Fakültesi, B salonu"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') + interval '50 days 20 hours') at time zone 'Europe/Istanbul', false, 'events/study-marathon-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000006',
   '{"en":"Career day with our graduates","ar":"يوم المهن مع خريجينا","tr":"Mezunlarımızla kariyer günü"}',
   '{"en":"Graduates working in Turkey and abroad talked about internships, residence permits and their first jobs.","ar":"تحدث خريجون يعملون في تركيا وخارجها عن التدريب العملي وتصاريح الإقامة ووظائفهم الأولى.","tr":"Türkiye''de ve yurt dışında çalışan mezunlar stajları, ikamet izinlerini ve ilk işlerini anlattı."}',
   '{"en":"Conference hall, main campus","ar":"قاعة المؤتمرات، الحرم الرئيسي","tr":"Konferans salonu, ana kampüs"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') - interval '15 days' + interval '13 hours') at time zone 'Europe/Istanbul', true, 'events/career-day-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000007',
   '{"en":"Olive harvest volunteering day","ar":"يوم تطوعي لقطف الزيتون","tr":"Zeytin hasadı gönüllülük günü"}',
   '{"en":"We joined a family farm near the city for the olive harvest, as our families do at home every autumn.","ar":"شاركنا عائلة في مزرعتها قرب المدينة في قطف الزيتون، كما تفعل عائلاتنا في الوطن كل خريف.","tr":"Ailelerimizin her sonbahar memlekette yaptığı gibi, şehrin yakınındaki bir aile çiftliğinde zeytin hasadına katıldık."}',
   '{"en":"Mudanya olive groves","ar":"بساتين الزيتون في مودانيا","tr":"Mudanya zeytinlikleri"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') - interval '40 days' + interval '9 hours') at time zone 'Europe/Istanbul', false, 'events/olive-harvest-1767225600000-1600x900.webp', null, null),
  ('e0000000-0000-4000-8000-000000000008',
   '{"en":"Friendship football tournament","ar":"بطولة كرة القدم الودية","tr":"Dostluk futbol turnuvası"}',
   '{"en":"Eight teams of Palestinian, Turkish and international students played for the friendship cup.","ar":"تنافست ثمانية فرق من الطلاب الفلسطينيين والأتراك والدوليين على كأس الصداقة.","tr":"Filistinli, Türk ve uluslararası öğrencilerden oluşan sekiz takım dostluk kupası için oynadı."}',
   '{"en":"University sports hall","ar":"الصالة الرياضية للجامعة","tr":"Üniversite spor salonu"}',
   (date_trunc('day', now() at time zone 'Europe/Istanbul') - interval '70 days' + interval '15 hours') at time zone 'Europe/Istanbul', false, 'events/football-tournament-1767225600000-1600x900.webp', null, null);

-- Board members: eight roles, four with photos (the others get the default avatar by gender).
insert into public.board_members (name, title, bio, role, sort_order, gender, photo_path, linkedin_url, twitter_url, instagram_url, facebook_url) values
  ('{"en":"Ahmad Khalil","ar":"أحمد خليل","tr":"Ahmad Khalil"}',
   '{"en":"Civil engineering student","ar":"طالب هندسة مدنية","tr":"İnşaat mühendisliği öğrencisi"}',
   '{"en":"From Nablus; he has led the union since his third year.","ar":"من نابلس، يقود الاتحاد منذ سنته الدراسية الثالثة.","tr":"Nabluslu; üçüncü sınıfından beri birliğe başkanlık ediyor."}',
   'president', 0, 'male', 'board-members/president-1767225600000-800x800.webp', 'https://www.linkedin.com/in/ahmad-khalil-demo', null, null, 'https://www.facebook.com/ahmad.khalil.demo'),
  ('{"en":"Lina Haddad","ar":"لينا حداد","tr":"Lina Haddad"}',
   '{"en":"Medical student","ar":"طالبة طب","tr":"Tıp öğrencisi"}',
   '{"en":"From Gaza; she coordinates the welcome programme for new students.","ar":"من غزة، تنسّق برنامج استقبال الطلاب الجدد.","tr":"Gazzeli; yeni öğrenciler için karşılama programını yürütüyor."}',
   'vice_president', 1, 'female', 'board-members/vice-president-1767225600000-800x800.webp', 'https://www.linkedin.com/in/lina-haddad-demo', null, 'https://www.instagram.com/lina.haddad.demo', null),
  ('{"en":"Omar Nasser","ar":"عمر ناصر","tr":"Omar Nasser"}',
   '{"en":"Architecture student","ar":"طالب هندسة معمارية","tr":"Mimarlık öğrencisi"}',
   '{"en":"Plans the cultural evenings, trips and sports days throughout the year.","ar":"يخطط للأمسيات الثقافية والرحلات والأيام الرياضية على مدار العام.","tr":"Yıl boyunca kültür gecelerini, gezileri ve spor günlerini planlar."}',
   'activities_head', 2, 'male', null, null, 'https://x.com/omar_nasser_demo', null, null),
  ('{"en":"Rania Saleh","ar":"رانيا صالح","tr":"Rania Saleh"}',
   '{"en":"Economics student","ar":"طالبة اقتصاد","tr":"İktisat öğrencisi"}',
   '{"en":"Keeps the union''s accounts open to every member.","ar":"تحرص على أن تكون حسابات الاتحاد مفتوحة لكل الأعضاء.","tr":"Birliğin hesaplarını her üyeye açık tutar."}',
   'finance_head', 3, 'female', null, null, null, null, null),
  ('{"en":"Mariam Odeh","ar":"مريم عودة","tr":"Mariam Odeh"}',
   '{"en":"Political science student","ar":"طالبة علوم سياسية","tr":"Siyaset bilimi öğrencisi"}',
   '{"en":"Builds bridges with student clubs, the international office and local associations.","ar":"تبني الجسور مع الأندية الطلابية ومكتب الطلاب الدوليين والجمعيات المحلية.","tr":"Öğrenci kulüpleri, üniversitenin Uluslararası İlişkiler Ofisi ve yerel derneklerle köprüler kurar."}',
   'pr_head', 4, 'female', 'board-members/pr-head-1767225600000-800x800.webp', null, null, 'https://www.instagram.com/mariam.odeh.demo', null),
  ('{"en":"Yousef Barakat","ar":"يوسف بركات","tr":"Yousef Barakat"}',
   '{"en":"Journalism student","ar":"طالب صحافة","tr":"Gazetecilik öğrencisi"}',
   '{"en":"Photographs every event and runs the union''s social media accounts.","ar":"يصوّر كل فعالية ويدير حسابات الاتحاد على وسائل التواصل الاجتماعي.","tr":"Her etkinliği fotoğraflar ve birliğin sosyal medya hesaplarını yönetir."}',
   'media_head', 5, 'male', null, null, 'https://x.com/yousef_barakat_demo', 'https://www.instagram.com/yousef.barakat.demo', null),
  ('{"en":"Khaled Mansour","ar":"خالد منصور","tr":"Khaled Mansour"}',
   '{"en":"Law student","ar":"طالب حقوق","tr":"Hukuk öğrencisi"}',
   '{"en":"Helps students with residence permits, scholarships and housing questions.","ar":"يساعد الطلاب في أمور الإقامة والمنح الدراسية والسكن.","tr":"Öğrencilere ikamet izni, burs ve barınma konularında yardım eder."}',
   'student_affairs_head', 6, 'male', null, null, null, null, null),
  ('{"en":"Sara Aydın Qasem","ar":"سارة آيدن قاسم","tr":"Sara Aydın Qasem"}',
   '{"en":"Translation studies student","ar":"طالبة ترجمة","tr":"Mütercim-tercümanlık öğrencisi"}',
   '{"en":"Half Palestinian, half Turkish, she connects the union with Turkish student groups and the city.","ar":"نصفها فلسطيني ونصفها تركي، تربط الاتحاد بالمجموعات الطلابية التركية وبالمدينة.","tr":"Yarı Filistinli yarı Türk; birliği Türk öğrenci toplulukları ve şehirle buluşturur."}',
   'turkish_relations_officer', 7, 'female', 'board-members/turkish-relations-1767225600000-800x800.webp', 'https://www.linkedin.com/in/sara-aydin-qasem-demo', null, null, null);

-- Library: twelve books, three currently lent out.
insert into public.books (id, title, author, description, available, cover_path) values
  ('b0000000-0000-4000-8000-000000000001',
   '{"en":"Men in the Sun","ar":"رجال في الشمس","tr":"Güneşteki Adamlar"}',
   '{"en":"Ghassan Kanafani","ar":"غسان كنفاني","tr":"Gassan Kanafani"}',
   '{"en":"Three refugees try to cross the desert to Kuwait hidden in a water tank.","ar":"ثلاثة لاجئين يحاولون عبور الصحراء إلى الكويت مختبئين في خزان ماء.","tr":"Üç mülteci bir su tankına saklanarak çölü geçip Kuveyt''e ulaşmaya çalışır."}',
   true, 'books/men-in-the-sun-1767225600000-600x900.webp'),
  ('b0000000-0000-4000-8000-000000000002',
   '{"en":"Returning to Haifa","ar":"عائد إلى حيفا","tr":"Hayfa''ya Dönüş"}',
   '{"en":"Ghassan Kanafani","ar":"غسان كنفاني","tr":"Gassan Kanafani"}',
   '{"en":"A couple returns to their house in Haifa twenty years after 1948 and meets the son they lost.","ar":"زوجان يعودان إلى بيتهما في حيفا بعد عشرين عامًا من النكبة ويلتقيان الابن الذي فقداه.","tr":"Bir çift 1948''den yirmi yıl sonra Hayfa''daki evlerine döner ve kaybettikleri oğullarıyla karşılaşır."}',
   false, 'books/returning-to-haifa-1767225600000-600x900.webp'),
  ('b0000000-0000-4000-8000-000000000003',
   '{"en":"I Saw Ramallah","ar":"رأيت رام الله","tr":"Ramallah''ı Gördüm"}',
   '{"en":"Mourid Barghouti","ar":"مريد البرغوثي","tr":"Murid Barguti"}',
   '{"en":"A poet''s memoir of coming home after thirty years of exile.","ar":"سيرة شاعر يعود إلى وطنه بعد ثلاثين عامًا من المنفى.","tr":"Otuz yıllık sürgünün ardından eve dönen bir şairin anıları."}',
   true, 'books/i-saw-ramallah-1767225600000-600x900.webp'),
  ('b0000000-0000-4000-8000-000000000004',
   '{"en":"Out of Place","ar":"خارج المكان","tr":"Yersiz Yurtsuz"}',
   '{"en":"Edward Said","ar":"إدوارد سعيد","tr":"Edward Said"}',
   '{"en":"Edward Said''s memoir of a childhood between Jerusalem, Cairo and Lebanon.","ar":"مذكرات إدوارد سعيد عن طفولة بين القدس والقاهرة ولبنان.","tr":"Edward Said''in Kudüs, Kahire ve Lübnan arasında geçen çocukluğunu anlattığı anıları."}',
   true, 'books/out-of-place-1767225600000-600x900.webp'),
  ('b0000000-0000-4000-8000-000000000005',
   '{"en":"Memory for Forgetfulness","ar":"ذاكرة للنسيان","tr":"Unutkanlık İçin Bellek"}',
   '{"en":"Mahmoud Darwish","ar":"محمود درويش","tr":"Mahmud Derviş"}',
   '{"en":"Prose poetry written during one day of the siege of Beirut in 1982.","ar":"نص نثري شعري كُتب عن يوم واحد من حصار بيروت عام ١٩٨٢.","tr":"1982 Beyrut kuşatmasının tek bir gününde geçen düzyazı şiir."}',
   false, null),
  ('b0000000-0000-4000-8000-000000000006',
   '{"en":"The Secret Life of Saeed the Pessoptimist","ar":"الوقائع الغريبة في اختفاء سعيد أبي النحس المتشائل","tr":"Talihsiz İyimser Said''in Gizli Hayatı"}',
   '{"en":"Emile Habibi","ar":"إميل حبيبي","tr":"Emil Habibi"}',
   '{"en":"A darkly funny novel about a Palestinian who stayed in Israel after 1948.","ar":"رواية ساخرة عن فلسطيني بقي في الداخل بعد عام ١٩٤٨.","tr":"1948''den sonra İsrail''de kalan bir Filistinli hakkında kara mizahlı bir roman."}',
   true, null),
  ('b0000000-0000-4000-8000-000000000007',
   '{"en":"Palestinian Walks","ar":"سرحات فلسطينية","tr":"Filistin Yürüyüşleri"}',
   '{"en":"Raja Shehadeh","ar":"رجا شحادة","tr":"Raja Shehadeh"}',
   '{"en":"Six walks in the hills around Ramallah over twenty-seven years.","ar":"ست جولات مشي في تلال رام الله على مدى سبعة وعشرين عامًا.","tr":"Yirmi yedi yıl boyunca Ramallah çevresindeki tepelerde altı yürüyüş."}',
   true, null),
  ('b0000000-0000-4000-8000-000000000008',
   '{"en":"Mornings in Jenin","ar":"بينما ينام العالم","tr":"Cenin''de Sabahlar"}',
   '{"en":"Susan Abulhawa","ar":"سوزان أبو الهوى","tr":"Susan Abulhawa"}',
   '{"en":"Four generations of a family from the village of Ein Hod.","ar":"أربعة أجيال من عائلة من قرية عين حوض.","tr":"Ayn Hod köyünden bir ailenin dört kuşağı."}',
   false, null),
  ('b0000000-0000-4000-8000-000000000009',
   '{"en":"Minor Detail","ar":"تفصيل ثانوي","tr":"Küçük Bir Ayrıntı"}',
   '{"en":"Adania Shibli","ar":"عدنية شبلي","tr":"Adania Shibli"}',
   '{"en":"A woman in Ramallah investigates a crime committed in the Negev in 1949.","ar":"امرأة من رام الله تتقصى جريمة وقعت في النقب عام ١٩٤٩.","tr":"Ramallah''ta yaşayan bir kadın 1949''da Negev''de işlenen bir suçun izini sürer."}',
   true, null),
  ('b0000000-0000-4000-8000-000000000010',
   '{"en":"The Question of Palestine","ar":"مسألة فلسطين","tr":"Filistin Sorunu"}',
   '{"en":"Edward Said","ar":"إدوارد سعيد","tr":"Edward Said"}',
   '{"en":"A classic essay on Palestinian history and self-determination.","ar":"دراسة كلاسيكية عن التاريخ الفلسطيني وحق تقرير المصير.","tr":"Filistin tarihi ve kendi kaderini tayin hakkı üzerine klasik bir deneme."}',
   true, null),
  ('b0000000-0000-4000-8000-000000000011',
   '{"en":"Gate of the Sun","ar":"باب الشمس","tr":"Güneş Kapısı"}',
   '{"en":"Elias Khoury","ar":"إلياس خوري","tr":"İlyas Huri"}',
   '{"en":"Stories of Palestinian refugees told at the bedside of a dying fighter in a Beirut camp.","ar":"حكايات اللاجئين الفلسطينيين تُروى عند سرير مقاتل يحتضر في مخيم ببيروت.","tr":"Beyrut''taki bir kampta ölmek üzere olan bir savaşçının başucunda anlatılan Filistinli mülteci hikâyeleri."}',
   true, null),
  ('b0000000-0000-4000-8000-000000000012',
   '{"en":"The Ethnic Cleansing of Palestine","ar":"التطهير العرقي في فلسطين","tr":"Filistin''de Etnik Temizlik"}',
   '{"en":"Ilan Pappé","ar":"إيلان بابيه","tr":"Ilan Pappé"}',
   '{"en":"A historian''s account of the events of 1948 based on archive documents.","ar":"مؤرخ يروي أحداث عام ١٩٤٨ استنادًا إلى وثائق الأرشيف.","tr":"Arşiv belgelerine dayanarak 1948 olaylarını anlatan bir tarihçinin eseri."}',
   true, null);

insert into public.achievements (title, description, achieved_on, photo_path) values
  ('{"en":"Winter aid campaign","ar":"حملة مساعدات الشتاء","tr":"Kış yardım kampanyası"}',
   '{"en":"Members collected coats, blankets and heaters for 120 families in need in the city.","ar":"جمع الأعضاء معاطف وبطانيات ومدافئ لـ١٢٠ عائلة محتاجة في المدينة.","tr":"Üyeler şehirde ihtiyaç sahibi 120 aile için mont, battaniye ve ısıtıcı topladı."}',
   (current_date - interval '300 days')::date, 'achievements/charity-campaign-1767225600000-1600x900.webp'),
  ('{"en":"Best stand at the international festival","ar":"أفضل جناح في المهرجان الدولي","tr":"Uluslararası festivalde en iyi stant"}',
   '{"en":"Our Palestinian heritage stand won the university''s international student festival award.","ar":"فاز جناح التراث الفلسطيني بجائزة مهرجان الطلاب الدوليين في الجامعة.","tr":"Filistin kültür mirası standımız üniversitenin uluslararası öğrenci festivali ödülünü kazandı."}',
   (current_date - interval '200 days')::date, 'achievements/cultural-festival-award-1767225600000-1600x900.webp'),
  ('{"en":"Twenty study grants","ar":"عشرون منحة دراسية","tr":"Yirmi eğitim bursu"}',
   '{"en":"With local donors we found tuition support for twenty students whose families lost their income.","ar":"بالتعاون مع متبرعين محليين وفّرنا دعمًا للرسوم الدراسية لعشرين طالبًا فقدت عائلاتهم مصدر دخلها.","tr":"Yerel bağışçılarla birlikte, aileleri gelirini kaybeden yirmi öğrenciye harç desteği sağladık."}',
   (current_date - interval '150 days')::date, 'achievements/scholarships-1767225600000-1600x900.webp'),
  ('{"en":"University football cup","ar":"كأس الجامعة لكرة القدم","tr":"Üniversite futbol kupası"}',
   '{"en":"The union''s team won the inter-faculty football cup for the first time.","ar":"فاز فريق الاتحاد بكأس كرة القدم بين الكليات للمرة الأولى.","tr":"Birliğin takımı fakülteler arası futbol kupasını ilk kez kazandı."}',
   (current_date - interval '90 days')::date, 'achievements/football-cup-1767225600000-1600x900.webp'),
  ('{"en":"Heritage exhibition in the city library","ar":"معرض التراث في مكتبة المدينة","tr":"Şehir kütüphanesinde kültür mirası sergisi"}',
   '{"en":"Two weeks of embroidery, photographs and old maps seen by more than three thousand visitors.","ar":"أسبوعان من التطريز والصور والخرائط القديمة، زارها أكثر من ثلاثة آلاف زائر.","tr":"Üç binden fazla ziyaretçinin gördüğü, nakış, fotoğraf ve eski haritalardan oluşan iki haftalık sergi."}',
   (current_date - interval '30 days')::date, 'achievements/heritage-exhibition-1767225600000-1600x900.webp');

-- News: two published (one pinned), one scheduled for next week, one draft with its Turkish
-- still missing (a draft may be unfinished; publishing asks for all three languages).
insert into public.news (id, title, summary, body, cover_path, cover_alt, status, publish_at, pinned, author_id) values
  ('a0000000-0000-4000-8000-000000000001',
   '{"en":"Union elections: nominations are open","ar":"انتخابات الاتحاد: باب الترشح مفتوح","tr":"Birlik seçimleri: adaylık süreci başladı"}',
   '{"en":"Every member may stand for the new board until the end of the month. Here is how to apply.","ar":"يحق لكل عضو الترشح للهيئة الإدارية الجديدة حتى نهاية الشهر. وهذه طريقة التقديم.","tr":"Her üye ay sonuna kadar yeni yönetim kurulu için aday olabilir. Aday olmak için yapılacaklar burada."}',
   '{"en":"<p>The board''s term ends this semester, and the general assembly will elect a new one.</p><h2>Who can stand</h2><ul><li>Every registered member of the union</li><li>Students in any year, including preparatory year</li></ul><h2>How to apply</h2><p>Send your name, student number and a short statement through the <a href=\"/contact\">contact form</a>.</p><blockquote>A union is only as strong as the members who take part.</blockquote>","ar":"<p>تنتهي ولاية الهيئة الإدارية هذا الفصل، وستنتخب الهيئة العامة هيئة جديدة.</p><h2>من يحق له الترشح</h2><ul><li>كل عضو مسجل في الاتحاد</li><li>الطلاب في أي سنة دراسية، ومنهم طلاب السنة التحضيرية</li></ul><h2>طريقة التقديم</h2><p>أرسل اسمك ورقمك الجامعي وكلمة قصيرة عبر <a href=\"/contact\">نموذج التواصل</a>.</p><blockquote>قوة الاتحاد من مشاركة أعضائه.</blockquote>","tr":"<p>Yönetim kurulunun görev süresi bu dönem sona eriyor ve genel kurul yeni bir kurul seçecek.</p><h2>Kimler aday olabilir</h2><ul><li>Birliğin kayıtlı her üyesi</li><li>Hazırlık sınıfı dahil her sınıftan öğrenciler</li></ul><h2>Nasıl aday olunur</h2><p>Adınızı, öğrenci numaranızı ve kısa bir yazınızı <a href=\"/contact\">iletişim formu</a> ile gönderin.</p><blockquote>Bir birlik, ancak katılan üyeleri kadar güçlüdür.</blockquote>"}',
   'news/elections-1767225600000-1600x900.webp',
   '{"en":"Students gathered in a hall for the general assembly","ar":"طلاب مجتمعون في قاعة لحضور اجتماع الهيئة العامة","tr":"Genel kurul için salonda toplanan öğrenciler"}',
   'published', now() - interval '3 days', true, '5a000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000002',
   '{"en":"A guide for new students","ar":"دليل الطلاب الجدد","tr":"Yeni öğrenciler için rehber"}',
   '{"en":"Residence permit, student card, transport and the first weeks on campus: what we wish we had known.","ar":"الإقامة والبطاقة الجامعية والمواصلات والأسابيع الأولى في الحرم: ما تمنينا لو عرفناه.","tr":"İkamet izni, öğrenci kartı, ulaşım ve kampüsteki ilk haftalar: keşke önceden bilseydik dediklerimiz."}',
   '{"en":"<p>Welcome to the city! A few steps make the first month much easier.</p><ol><li>Apply for your <strong>residence permit</strong> within a month of arriving.</li><li>Collect your student card at the faculty office.</li><li>Get a city transport card: students pay half.</li></ol><p>Questions? Our volunteers answer every Tuesday in the union room.</p>","ar":"<p>أهلًا بكم في المدينة! خطوات قليلة تجعل الشهر الأول أسهل بكثير.</p><ol><li>قدّموا طلب <strong>الإقامة</strong> خلال شهر من وصولكم.</li><li>استلموا بطاقاتكم الجامعية من مكتب الكلية.</li><li>احصلوا على بطاقة المواصلات: يدفع الطلاب نصف الأجرة.</li></ol><p>هل لديكم سؤال؟ يجيب متطوعونا كل يوم ثلاثاء في غرفة الاتحاد.</p>","tr":"<p>Şehre hoş geldiniz! Birkaç adım ilk ayı çok kolaylaştırır.</p><ol><li>Geldikten sonraki bir ay içinde <strong>ikamet izni</strong> için randevu alın.</li><li>Öğrenci kartınızı fakülte ofisinden alın.</li><li>Şehir ulaşım kartı edinin: öğrenciler yarı ücret öder.</li></ol><p>Sorunuz mu var? Gönüllülerimiz her salı birlik odasında yanıtlıyor.</p>"}',
   'news/new-students-1767225600000-1600x900.webp',
   '{"en":"Volunteers welcoming new students at a table on campus","ar":"متطوعون يستقبلون الطلاب الجدد عند طاولة في الحرم الجامعي","tr":"Kampüste bir masada yeni öğrencileri karşılayan gönüllüler"}',
   'published', now() - interval '10 days', false, '5a000000-0000-4000-8000-000000000002'),
  ('a0000000-0000-4000-8000-000000000003',
   '{"en":"Election results will be announced here","ar":"ستُعلن نتائج الانتخابات هنا","tr":"Seçim sonuçları burada duyurulacak"}',
   '{"en":"The counting committee publishes the results of the general assembly''s vote.","ar":"تنشر لجنة الفرز نتائج تصويت الهيئة العامة.","tr":"Sayım komisyonu genel kurul oylamasının sonuçlarını yayımlıyor."}',
   '{"en":"<p>Thank you to every member who voted. The new board takes office next month.</p>","ar":"<p>شكرًا لكل عضو شارك في التصويت. تتسلم الهيئة الجديدة مهامها الشهر القادم.</p>","tr":"<p>Oy kullanan her üyeye teşekkürler. Yeni kurul gelecek ay göreve başlıyor.</p>"}',
   null, '{}',
   'published', now() + interval '7 days', false, '5a000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000004',
   '{"en":"Olive harvest trip: call for volunteers","ar":"رحلة قطف الزيتون: دعوة للمتطوعين"}',
   '{"en":"We are looking for ten volunteers to organise the trip.","ar":"نبحث عن عشرة متطوعين لتنظيم الرحلة."}',
   '{"en":"<p>Draft: dates still to be confirmed with the farm.</p>","ar":"<p>مسودة: المواعيد بانتظار تأكيد المزرعة.</p>"}',
   null, '{}',
   'draft', null, false, '5a000000-0000-4000-8000-000000000002');

-- Partners: three organisations the union works with, in the order the about page shows them.
insert into public.partners (name, description, website_url, logo_path, sort_order) values
  ('{"en":"International Relations Office","ar":"مكتب العلاقات الدولية","tr":"Uluslararası İlişkiler Ofisi"}',
   '{"en":"The university office that welcomes international students; together we run the orientation week.","ar":"مكتب الجامعة الذي يستقبل الطلاب الدوليين، ونُنظّم معه أسبوع التعريف بالجامعة.","tr":"Üniversitenin uluslararası öğrencileri karşılayan ofisi; tanışma haftasını birlikte düzenliyoruz."}',
   'https://example.org/international-office', 'partners/international-office-1767225600000-800x800.webp', 0),
  ('{"en":"Palestinian Heritage Association","ar":"جمعية التراث الفلسطيني","tr":"Filistin Mirası Derneği"}',
   '{"en":"Lends us embroidery, costumes and musicians for our heritage nights.","ar":"تُعيرنا التطريز والأزياء والموسيقيين لأمسياتنا التراثية.","tr":"Miras gecelerimiz için nakış, kıyafet ve müzisyenlerini bize ödünç veriyor."}',
   'https://example.org/heritage', 'partners/heritage-association-1767225600000-800x800.webp', 1),
  ('{"en":"Student Food Bank","ar":"بنك الطعام الطلابي","tr":"Öğrenci Gıda Bankası"}',
   '{"en":"Collects food parcels with us for students in need every month.","ar":"نجمع معه كل شهر سلال الطعام للطلاب المحتاجين.","tr":"Her ay ihtiyacı olan öğrenciler için onunla birlikte gıda kolisi topluyoruz."}',
   null, 'partners/food-bank-1767225600000-800x800.webp', 2);

-- A figure's title is shown under any number staff enter: in Arabic, where the noun after a
-- number changes form with the number, titles are written so that no agreement is needed.
insert into public.statistics (title, value, icon, sort_order) values
  ('{"en":"Members","ar":"عدد الأعضاء","tr":"Üye"}', 350, 'users', 0),
  ('{"en":"Books in our library","ar":"الكتب في مكتبتنا","tr":"Kütüphanemizdeki kitap"}', 12, 'book', 1),
  ('{"en":"Events this year","ar":"فعاليات هذا العام","tr":"Bu yılki etkinlik"}', 40, 'calendar', 2),
  ('{"en":"Awards","ar":"الجوائز","tr":"Ödül"}', 6, 'award', 3);

insert into public.settings (key, value) values
  -- Written as it is posted in Turkey, which is how visitors and map apps find it.
  ('footerAddress', '"Öğrenci Merkezi, Görükle Kampüsü, Nilüfer, Bursa"'),
  -- The Görükle campus of Bursa Uludağ University, where footerAddress is.
  ('mapLocation', '"40.2262, 28.8724"'),
  ('footerEmail', '"contact@union.test"'),
  ('footerPhone', '"+90 224 000 00 00"'),
  ('footerFacebook', '"https://www.facebook.com/palestinian.students.union.demo"'),
  ('footerTwitter', '"https://x.com/pal_students_demo"'),
  ('footerInstagram', '"https://www.instagram.com/palestinian.students.demo"'),
  ('footerLinkedIn', '""'),
  ('footerYouTube', '""'),
  ('allStudentsCanBorrow', 'false');

-- Students register: 25 students, four disabled (graduated or left).
insert into public.students (name, student_number, enabled) values
  ('Ahmad Khalil', '2021010001', true),
  ('Lina Haddad', '2021010002', true),
  ('Omar Nasser', '2021010003', true),
  ('Rania Saleh', '2021010004', true),
  ('Mariam Odeh', '2021010005', true),
  ('Yousef Barakat', '2022010006', true),
  ('Khaled Mansour', '2022010007', true),
  ('Sara Aydın Qasem', '2022010008', true),
  ('Hala Darwish', '2022010009', true),
  ('Tariq Abu Ali', '2022010010', true),
  ('Noor Hamdan', '2023010011', true),
  ('Bilal Shaheen', '2023010012', true),
  ('Dina Awad', '2023010013', true),
  ('Sami Jaber', '2023010014', true),
  ('Reem Zayed', '2023010015', true),
  ('Fadi Issa', '2023010016', true),
  ('Aya Hijazi', '2024010017', true),
  ('Mahmoud Qasim', '2024010018', true),
  ('Jana Khoury', '2024010019', true),
  ('Ibrahim Salem', '2024010020', true),
  ('Layan Abed', '2024010021', true),
  ('Hassan Nofal', '2019010022', false),
  ('Salma Yasin', '2019010023', false),
  ('Kareem Said', '2020010024', false),
  ('Huda Taha', '2020010025', false);

-- Submissions of every type and status (written as history, so the insert rules that
-- apply to visitors do not run here; the data still follows them).
insert into public.submissions (type, status, name, email, student_number, event_id, book_id, pickup_location, loan_date, message, rating, returned_at, created_at, reviewed_at, reviewed_by) values
  ('event_registration', 'pending', 'Noor Hamdan', null, '2023010011', 'e0000000-0000-4000-8000-000000000001', null, null, null, null, null, null, now() - interval '2 days', null, null),
  ('event_registration', 'approved', 'Bilal Shaheen', null, '2023010012', 'e0000000-0000-4000-8000-000000000001', null, null, null, null, null, null, now() - interval '3 days', now() - interval '2 days', '5a000000-0000-4000-8000-000000000002'),
  ('event_registration', 'rejected', 'Dina Awad', null, '2023010013', 'e0000000-0000-4000-8000-000000000002', null, null, null, null, null, null, now() - interval '4 days', now() - interval '3 days', '5a000000-0000-4000-8000-000000000001'),
  ('event_registration', 'approved', 'Sami Jaber', null, '2023010014', 'e0000000-0000-4000-8000-000000000003', null, null, null, null, null, null, now() - interval '6 days', now() - interval '5 days', '5a000000-0000-4000-8000-000000000002'),
  ('event_registration', 'pending', 'Aya Hijazi', null, '2024010017', 'e0000000-0000-4000-8000-000000000004', null, null, null, null, null, null, now() - interval '1 day', null, null),
  ('evaluation', 'approved', 'Reem Zayed', null, '2023010015', 'e0000000-0000-4000-8000-000000000006', null, null, null, 'Very useful: I found an internship thanks to one of the speakers.', 5, null, now() - interval '12 days', now() - interval '11 days', '5a000000-0000-4000-8000-000000000002'),
  ('evaluation', 'pending', 'Fadi Issa', null, '2023010016', 'e0000000-0000-4000-8000-000000000006', null, null, null, 'كانت الجلسة مفيدة لكن الوقت لم يكفِ للأسئلة.', 4, null, now() - interval '10 days', null, null),
  ('evaluation', 'rejected', 'Mahmoud Qasim', null, '2024010018', 'e0000000-0000-4000-8000-000000000007', null, null, null, 'test', 1, null, now() - interval '35 days', now() - interval '34 days', '5a000000-0000-4000-8000-000000000001'),
  ('evaluation', 'approved', 'Jana Khoury', null, '2024010019', 'e0000000-0000-4000-8000-000000000008', null, null, null, 'Harika bir turnuvaydı, gelecek yıl yine katılmak isterim.', 5, null, now() - interval '65 days', now() - interval '64 days', '5a000000-0000-4000-8000-000000000002'),
  ('book_loan', 'approved', 'Hala Darwish', null, '2022010009', null, 'b0000000-0000-4000-8000-000000000002', 'campus', current_date - 5, null, null, null, now() - interval '9 days', now() - interval '8 days', '5a000000-0000-4000-8000-000000000002'),
  ('book_loan', 'approved', 'Tariq Abu Ali', null, '2022010010', null, 'b0000000-0000-4000-8000-000000000005', 'midan', current_date - 7, null, null, null, now() - interval '7 days', now() - interval '6 days', '5a000000-0000-4000-8000-000000000002'),
  ('book_loan', 'approved', 'Ibrahim Salem', null, '2024010020', null, 'b0000000-0000-4000-8000-000000000008', 'campus', current_date - 9, null, null, null, now() - interval '5 days', now() - interval '5 days', '5a000000-0000-4000-8000-000000000001'),
  ('book_loan', 'approved', 'Layan Abed', null, '2024010021', null, 'b0000000-0000-4000-8000-000000000001', 'campus', current_date - 11, null, null, now() - interval '20 days', now() - interval '40 days', now() - interval '39 days', '5a000000-0000-4000-8000-000000000002'),
  ('book_loan', 'pending', 'Omar Nasser', null, '2021010003', null, 'b0000000-0000-4000-8000-000000000003', 'midan', current_date + 1, null, null, null, now() - interval '6 hours', null, null),
  ('book_loan', 'rejected', 'Rania Saleh', null, '2021010004', null, 'b0000000-0000-4000-8000-000000000006', 'campus', current_date - 15, null, null, null, now() - interval '14 days', now() - interval '13 days', '5a000000-0000-4000-8000-000000000001'),
  ('contact', 'pending', 'Elif Yılmaz', 'elif.yilmaz@example.com', null, null, null, null, null, 'Merhaba, derneğimiz ortak bir kültür gecesi düzenlemek istiyor. Kiminle görüşebiliriz?', null, null, now() - interval '1 day', null, null),
  ('contact', 'approved', 'John Carter', 'john.carter@example.com', null, null, null, null, null, 'I am a journalist preparing a story on international students in Bursa. Could I interview a board member?', null, null, now() - interval '20 days', now() - interval '19 days', '5a000000-0000-4000-8000-000000000001'),
  ('feedback', 'pending', 'Mariam Odeh', null, '2021010005', null, null, null, null, 'The new website is much easier to use on the phone. Thank you!', null, null, now() - interval '3 hours', null, null),
  ('complaint', 'pending', 'Yousef Barakat', 'yousef.barakat@example.com', '2022010006', null, null, null, null, 'الصوت في قاعة المؤتمرات كان ضعيفًا جدًا خلال يوم المهن.', null, null, now() - interval '14 days', null, null),
  ('complaint', 'approved', 'Khaled Mansour', null, '2022010007', null, null, null, null, 'The library opening hours on the door are not the real ones.', null, null, now() - interval '25 days', now() - interval '24 days', '5a000000-0000-4000-8000-000000000002'),
  ('suggestion', 'pending', 'Lina Haddad', null, '2021010002', null, null, null, null, 'Kütüphaneye Türkçe çeviri romanlar da ekleyebilir miyiz?', null, null, now() - interval '2 days', null, null),
  ('suggestion', 'rejected', 'Ahmad Khalil', null, '2021010001', null, null, null, null, 'Let us move all meetings to Sunday mornings.', null, null, now() - interval '30 days', now() - interval '29 days', '5a000000-0000-4000-8000-000000000001'),
  ('suggestion', 'approved', 'Hala Darwish', null, '2022010009', null, null, null, null, 'نقترح تنظيم رحلة إلى إسطنبول لزيارة معرض الكتاب العربي.', null, null, now() - interval '18 days', now() - interval '17 days', '5a000000-0000-4000-8000-000000000002'),
  ('feedback', 'approved', 'Tariq Abu Ali', 'tariq.abuali@example.com', '2022010010', null, null, null, null, 'The welcome evening helped me a lot in my first week. Thank you to all the volunteers.', null, null, now() - interval '22 days', now() - interval '21 days', '5a000000-0000-4000-8000-000000000002'),
  ('feedback', 'rejected', 'Unknown', null, '0000', null, null, null, null, 'asdf', null, null, now() - interval '26 days', now() - interval '26 days', '5a000000-0000-4000-8000-000000000001'),
  ('complaint', 'rejected', 'Bilal Shaheen', null, '2023010012', null, null, null, null, 'Neden her etkinlik akşam saatinde? Bazılarımız çalışıyor.', null, null, now() - interval '16 days', now() - interval '15 days', '5a000000-0000-4000-8000-000000000001'),
  ('contact', 'rejected', 'Promo Bot', 'offers@example.com', null, null, null, null, null, 'Cheap followers for your page! Visit our website.', null, null, now() - interval '8 days', now() - interval '8 days', '5a000000-0000-4000-8000-000000000002');
