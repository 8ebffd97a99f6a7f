import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@union/shared/constants';
import { ITEM_FOLDERS } from '../src/itemRoutes';
import { localizedPath } from '../src/lib/paths';
import { hostRules, robotsTxt, sitemapXml } from './files';
import { fileForPath } from './prerender';

describe('prerendered files', () => {
  it('writes each page where a static host looks for it', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/en')).toBe('en.html');
    expect(fileForPath('/about')).toBe('about.html');
    expect(fileForPath('/tr/events/past')).toBe('tr/events/past.html');
  });

  it('lists every page in every language with all its alternates', () => {
    const xml = sitemapXml('https://union.example', [{ path: '/' }, { path: '/events' }], LANGUAGES, localizedPath);
    expect(xml.match(/<url>/g)).toHaveLength(6);
    expect(xml).toContain('<loc>https://union.example/tr/events</loc>');
    const enHome = /<url>\s*<loc>https:\/\/union\.example\/en<\/loc>([\s\S]*?)<\/url>/.exec(xml)![1];
    expect(enHome).toContain('hreflang="ar" href="https://union.example/"');
    expect(enHome).toContain('hreflang="x-default" href="https://union.example/"');
    expect(sitemapXml('https://a.example', [{ path: '/x?a=1&b=2' }], LANGUAGES, localizedPath)).toContain(
      '/x?a=1&amp;b=2',
    );
  });

  it('gives a page its content’s last change as <lastmod>, in UTC to the second, and none without one', () => {
    const xml = sitemapXml(
      'https://union.example',
      [
        { path: '/news/a', lastmod: '2026-11-02T10:15:30.123456+03:00' },
        { path: '/about' },
        { path: '/x', lastmod: 'no date' },
      ],
      LANGUAGES,
      localizedPath,
    );
    const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(entries).toEqual([
      ['https://union.example/news/a', '2026-11-02T07:15:30Z'],
      ['https://union.example/en/news/a', '2026-11-02T07:15:30Z'],
      ['https://union.example/tr/news/a', '2026-11-02T07:15:30Z'],
      ['https://union.example/about', undefined],
      ['https://union.example/en/about', undefined],
      ['https://union.example/tr/about', undefined],
      ['https://union.example/x', undefined],
      ['https://union.example/en/x', undefined],
      ['https://union.example/tr/x', undefined],
    ]);
    expect(xml.match(/<lastmod>/g)).toHaveLength(3);
  });

  it('points robots at the sitemap and away from the console', () => {
    expect(robotsTxt('https://union.example')).toMatch(/^Disallow: \/admin\/$/m);
    expect(robotsTxt('https://union.example')).toMatch(/^Sitemap: https:\/\/union\.example\/sitemap\.xml$/m);
  });

  it('answers unknown paths with the nearest not-found page, the events folder first', () => {
    const rules = hostRules(LANGUAGES, localizedPath)
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(rules).toEqual([
      '/events/*  /events/404.html  404',
      '/en/events/*  /en/events/404.html  404',
      '/tr/events/*  /tr/events/404.html  404',
      '/news/*  /news/404.html  404',
      '/en/news/*  /en/news/404.html  404',
      '/tr/news/*  /tr/news/404.html  404',
      '/en/*  /en/404.html  404',
      '/tr/*  /tr/404.html  404',
      '/*  /404.html  404',
    ]);
  });

  it("gives every item route's folder its not-found page in every language, before the languages' own", () => {
    const rules = hostRules(LANGUAGES, localizedPath).split('\n');
    const languageRule = rules.indexOf('/en/*  /en/404.html  404');
    for (const folder of ITEM_FOLDERS)
      for (const lang of LANGUAGES) {
        const at = rules.indexOf(`${localizedPath(lang, folder)}/*  ${localizedPath(lang, folder)}/404.html  404`);
        expect(at, `${lang} ${folder}`).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThan(languageRule);
      }
  });
});
