// The news feeds, parsed and checked against RSS 2.0 (https://www.rssboard.org/rss-specification):
// well-formed XML, the channel's required elements, an atom:link to itself, every item with an
// absolute link and guid, an RFC 822 date, its summary, its sanitised body with absolute links,
// and its cover as an enclosure.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import type { NewsRow } from '../../lib/types';
import { sanitizeNews } from './api';
import { coverSizes, FEED_ITEMS, newsFeed } from './feed';

const ORIGIN = 'https://union.example';

const row = (n: number, fields: Partial<NewsRow> = {}): NewsRow => ({
  id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: { en: `Title ${n} & more`, ar: `عنوان ${n}`, tr: `Başlık ${n}` },
  summary: { en: `Summary ${n}`, ar: `ملخص ${n}`, tr: `Özet ${n}` },
  body: { en: '<p>Read <a href="/contact">the form</a></p>', ar: '<p>نص</p>', tr: '<p>Metin</p>' },
  cover_path: null,
  cover_alt: {},
  status: 'published',
  publish_at: new Date(Date.UTC(2026, 10, n, 9)).toISOString(),
  pinned: false,
  author_id: null,
  created_at: new Date(Date.UTC(2026, 10, n, 8)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 10, n, 10)).toISOString(),
  version: 1,
  ...fields,
});

type Item = Record<string, unknown> & { enclosure?: Record<string, string> };

async function feedFor(lang: 'ar' | 'en' | 'tr', rows: NewsRow[], coverBytes = new Map<string, number>()) {
  const i18n = createI18n();
  await loadLanguage(i18n, lang);
  const xml = await newsFeed(await Promise.all(rows.map(sanitizeNews)), lang, i18n, ORIGIN, {
    now: new Date(Date.UTC(2026, 10, 26)),
    coverBytes,
  });
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
    rss: { version: string; channel: Record<string, unknown> & { item?: Item | Item[] } };
  };
  const items = [doc.rss.channel.item ?? []].flat();
  return { xml, rss: doc.rss, channel: doc.rss.channel, items };
}

const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

describe('news feed', () => {
  it('is RSS 2.0 with the channel the spec requires, in the language, linking to itself', async () => {
    const { rss, channel } = await feedFor('en', [row(1)]);
    expect(rss.version).toBe('2.0');
    expect(channel.title).toBe('Palestinian Students Union: news');
    expect(channel.description).toBeTruthy();
    expect(channel.link).toBe(`${ORIGIN}/en/news`);
    expect(channel.language).toBe('en');
    expect(channel['atom:link']).toMatchObject({
      href: `${ORIGIN}/en/feed.xml`,
      rel: 'self',
      type: 'application/rss+xml',
    });
  });

  it('each item: absolute link and guid, RFC 822 date, summary, sanitised body with absolute links', async () => {
    const hostile = row(2, {
      body: {
        en: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">j</a><a href="/contact">c</a></p>',
        ar: '<p>س</p>',
        tr: '<p>t</p>',
      },
    });
    const { xml, items } = await feedFor('en', [hostile]);
    const [item] = items;
    expect(item!.title).toBe('Title 2 & more');
    expect(item!.link).toBe(`${ORIGIN}/en/news/${hostile.id}`);
    expect((item!.guid as Record<string, string>)['#text'] ?? item!.guid).toBe(`${ORIGIN}/en/news/${hostile.id}`);
    expect(item!.pubDate).toMatch(RFC822);
    expect(new Date(item!.pubDate as string).toISOString()).toBe(hostile.publish_at);
    expect(item!.description).toBe('Summary 2');
    const content = item!['content:encoded'] as string;
    expect(content).toBe(`<p>Hi <a>j</a><a href="${ORIGIN}/contact" rel="noopener noreferrer">c</a></p>`);
    expect(xml).not.toMatch(/<script|onclick|javascript:/i);
  });

  it('a summary is text: its markup reaches a reader escaped, as the site shows it', async () => {
    const typed = '<b>Bold</b> & <img src=x onerror="alert(1)"> a < b';
    const { xml, items } = await feedFor('en', [row(5, { summary: { en: typed, ar: 'ملخص', tr: 'Özet' } })]);
    // The parsed CDATA is the HTML a reader renders: the typed text, escaped.
    expect(items[0]!.description).toBe(
      '&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x onerror=&quot;alert(1)&quot;&gt; a &lt; b',
    );
    expect(xml).not.toMatch(/<b>|<img/i);
  });

  it('without a summary, the body’s opening text is the description, escaped', async () => {
    const { items } = await feedFor('en', [
      row(6, {
        summary: {},
        body: { en: '<p>1 &lt; 2 &amp; 3</p>', ar: '<p>س</p>', tr: '<p>t</p>' },
      }),
    ]);
    expect(items[0]!.description).toBe('1 &lt; 2 &amp; 3');
  });

  it('writes the copyright year without a group separator, in each language’s digits', async () => {
    const lines = await Promise.all(
      (['en', 'tr', 'ar'] as const).map(async (lang) => (await feedFor(lang, [row(1)])).channel.copyright),
    );
    expect(lines).toEqual([
      '© 2026 Palestinian Students Union. All rights reserved.',
      '© 2026 Filistinli Öğrenciler Birliği. Tüm hakları saklıdır.',
      '© ٢٠٢٦ اتحاد الطلاب الفلسطينيين. جميع الحقوق محفوظة.',
    ]);
  });

  it('the Arabic feed is the Arabic text at the Arabic addresses', async () => {
    const { channel, items } = await feedFor('ar', [row(3)]);
    expect(channel.link).toBe(`${ORIGIN}/news`);
    expect(channel.language).toBe('ar');
    expect(items[0]!.title).toBe('عنوان 3');
    expect(items[0]!.link).toBe(`${ORIGIN}/news/${row(3).id}`);
  });

  it('a cover is an enclosure with an absolute URL, its type and its size in bytes', async () => {
    const cover = 'news/x-1767225600000-1600x900.webp';
    const { items } = await feedFor(
      'tr',
      [row(4, { cover_path: cover, cover_alt: { en: 'a', ar: 'b', tr: 'c' } })],
      new Map([[cover, 48_213]]),
    );
    expect(items[0]!.enclosure).toMatchObject({ type: 'image/webp', length: '48213' });
    expect(items[0]!.enclosure!.url).toMatch(
      /^https?:\/\/.+\/storage\/v1\/object\/public\/images\/news\/x-1767225600000-1600x900\.webp$/,
    );
  });

  it('a cover whose size is unknown has no enclosure rather than a made-up length', async () => {
    const { xml, items } = await feedFor('en', [row(4, { cover_path: 'news/y-1600x900.webp' })]);
    expect(items[0]!.enclosure).toBeUndefined();
    expect(xml).not.toContain('<enclosure');
  });

  it('reads each shown cover’s size from a HEAD request to its public URL', async () => {
    const asked: { url: string; method?: string }[] = [];
    const answers: Record<string, Response> = {
      'a.webp': new Response(null, { headers: { 'content-length': '1234' } }),
      'b.webp': new Response(null, { status: 404 }),
      'c.webp': new Response(null),
    };
    const fake = (async (url: string, init?: RequestInit) => {
      asked.push({ url, method: init?.method });
      const name = url.split('/').at(-1)!;
      if (name === 'd.webp') throw new Error('unreachable');
      return answers[name]!;
    }) as typeof fetch;
    const rows = ['a', 'b', 'c', 'd', 'a'].map((name, i) => row(i + 1, { cover_path: `news/${name}.webp` }));
    const sizes = await coverSizes([...rows, row(9)], fake);
    expect([...sizes]).toEqual([['news/a.webp', 1234]]);
    expect(asked).toHaveLength(4);
    for (const { url, method } of asked) {
      expect(method).toBe('HEAD');
      expect(url).toMatch(/\/storage\/v1\/object\/public\/images\/news\/[a-d]\.webp$/);
    }
  });

  it('newest first, pinned or not, and at most FEED_ITEMS', async () => {
    const rows = Array.from({ length: FEED_ITEMS + 3 }, (_, i) => row(i + 1, { pinned: i === 0 }));
    const { items } = await feedFor('en', rows);
    expect(items).toHaveLength(FEED_ITEMS);
    expect(items[0]!.title).toBe(`Title ${FEED_ITEMS + 3} & more`);
  });
});
