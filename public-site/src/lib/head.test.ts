import { describe, expect, it } from 'vitest';
import type { HeadTag } from './head';
import { headTags, renderHeadTags } from './headTags';

const ctx = {
  origin: 'https://union.example',
  siteName: 'Palestinian Students Union',
  lang: 'en' as const,
  path: '/events',
};
const attrs = (tags: HeadTag[], tag: string) =>
  tags.filter((t) => t.tag === tag).map((t) => ('attrs' in t ? t.attrs : {}));

describe('page head', () => {
  const tags = headTags({ title: 'Events', description: 'What is on.' }, ctx);

  it('titles the page after itself and the site, the home page after the site only', () => {
    expect(tags[0]).toEqual({ tag: 'title', text: 'Events | Palestinian Students Union' });
    expect(headTags({ title: 'Palestinian Students Union', description: 'x' }, { ...ctx, path: '/' })[0]).toEqual({
      tag: 'title',
      text: 'Palestinian Students Union',
    });
  });

  it('links the canonical address and every language version, x-default being Arabic', () => {
    const links = attrs(tags, 'link');
    expect(links).toContainEqual({ rel: 'canonical', href: 'https://union.example/en/events' });
    expect(links.filter((l) => l.rel === 'alternate')).toEqual([
      { rel: 'alternate', hreflang: 'ar', href: 'https://union.example/events' },
      { rel: 'alternate', hreflang: 'en', href: 'https://union.example/en/events' },
      { rel: 'alternate', hreflang: 'tr', href: 'https://union.example/tr/events' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://union.example/events' },
    ]);
  });

  it('gives link previews a title, text, address, image and locale', () => {
    const meta = Object.fromEntries(attrs(tags, 'meta').map((m) => [m.property ?? m.name, m.content]));
    expect(meta).toMatchObject({
      'og:title': 'Events | Palestinian Students Union',
      'og:description': 'What is on.',
      'og:url': 'https://union.example/en/events',
      'og:image': 'https://union.example/og-image.jpg',
      'og:image:width': '1200',
      'og:locale': 'en_US',
      'twitter:card': 'summary_large_image',
    });
    const withPhoto = headTags(
      { title: 'Night', description: 'x', image: 'https://api.example/storage/v1/object/public/images/e.webp' },
      ctx,
    );
    expect(attrs(withPhoto, 'meta')).toContainEqual({
      property: 'og:image',
      content: 'https://api.example/storage/v1/object/public/images/e.webp',
    });
    expect(attrs(withPhoto, 'meta').some((m) => m.property === 'og:image:width')).toBe(false);
  });

  it('keeps pages that are not content out of search results', () => {
    const notFound = headTags({ title: 'Page not found', description: 'x', noindex: true }, { ...ctx, path: '/nope' });
    expect(attrs(notFound, 'meta')).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(attrs(notFound, 'link')).toEqual([]);
  });

  it('writes HTML that cannot be broken out of', () => {
    const html = renderHeadTags(
      headTags(
        { title: 'A "quoted" <title>', description: 'x', jsonLd: { name: '</script><script>alert(1)</script>' } },
        ctx,
      ),
    );
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;title&gt; | Palestinian Students Union</title>');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<script type="application/ld+json" data-head>');
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/union\.example\/en\/events" data-head>/);
  });

  it('advertises the news feed of the page’s language, at an absolute address', () => {
    const withFeed = headTags({ title: 'Events', description: 'x' }, { ...ctx, feedTitle: 'Union: news' });
    expect(attrs(withFeed, 'link')).toContainEqual({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: 'Union: news',
      href: 'https://union.example/en/feed.xml',
    });
    const arabic = headTags({ title: 'x', description: 'x' }, { ...ctx, lang: 'ar', feedTitle: 'f' });
    expect(attrs(arabic, 'link').find((l) => l.type === 'application/rss+xml')?.href).toBe(
      'https://union.example/feed.xml',
    );
  });

  it('marks an article as one, with its times', () => {
    const article = headTags(
      {
        title: 'News',
        description: 'x',
        article: { publishedTime: '2026-11-20T09:00:00.000Z', modifiedTime: '2026-11-21T09:00:00.000Z' },
      },
      ctx,
    );
    const meta = Object.fromEntries(attrs(article, 'meta').map((m) => [m.property ?? m.name, m.content]));
    expect(meta).toMatchObject({
      'og:type': 'article',
      'article:published_time': '2026-11-20T09:00:00.000Z',
      'article:modified_time': '2026-11-21T09:00:00.000Z',
    });
    expect(Object.fromEntries(attrs(tags, 'meta').map((m) => [m.property ?? m.name, m.content]))['og:type']).toBe(
      'website',
    );
  });
});
