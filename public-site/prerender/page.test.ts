// The prerender's pages carry staff-written text as it is: translation overrides and event texts
// with replacement patterns ($&, $`, $', $1) or a closing script tag change nothing but their
// own place in the page. The page is rendered by the real renderer (entry-server.tsx) against a
// fake API that answers with those texts, then checked byte for byte.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferScripts, inlineIcon, inlineStylesheets, insertAt, pageTemplate, scriptList } from './page';

const HOSTILE = "$` $' $& $1 $$ </script><script>alert(1)</script>";
const EVENT_ID = '0a1b2c3d-0000-4000-8000-000000000001';
const event = {
  id: EVENT_ID,
  title: { ar: `أمسية ${HOSTILE}`, en: `Evening ${HOSTILE}`, tr: `Akşam ${HOSTILE}` },
  description: { ar: `وصف ${HOSTILE}`, en: `About ${HOSTILE}`, tr: `Hakkında ${HOSTILE}` },
  location: { ar: `القاعة ${HOSTILE}`, en: `Hall ${HOSTILE}`, tr: `Salon ${HOSTILE}` },
  starts_at: '2099-01-01T17:00:00Z',
  photo_path: 'events/x.webp',
  capacity: null,
  places_left: null,
  registration_open: true,
  registration_deadline: null,
  evaluation_attendees_only: false,
  is_past: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
// Overrides of texts on every page: the site's name (header, title, JSON-LD) and a menu entry.
const overrides = [
  { key: 'meta.siteName', en: `Union ${HOSTILE}`, ar: `الاتحاد ${HOSTILE}`, tr: `Birlik ${HOSTILE}` },
  { key: 'nav.home', en: `Home ${HOSTILE}`, ar: null, tr: null },
];

/** PostgREST as the renderer asks it: the event, the overrides, nothing else. */
function fakeApi(input: RequestInfo | URL): Response {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const table = url.pathname.replace(/^\/rest\/v1\//, '');
  const body =
    table === 'translations'
      ? overrides
      : table === 'events' && url.searchParams.get('id') === `eq.${EVENT_ID}`
        ? event
        : [];
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const template = insertAt(
  readFileSync(new URL('../index.html', import.meta.url), 'utf8'),
  /<!--csp:[^>]*-->/,
  '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">',
);

/** The expected page, by cutting the template at its markers with indexOf (no patterns anywhere). */
function expectedPage(parts: { lang: string; head: string; html: string; snapshot: string }): string {
  const open = template.indexOf('<html lang="ar" dir="rtl"');
  const headStart = template.indexOf('<!--app-head-->');
  const headEnd = template.indexOf('<!--/app-head-->') + '<!--/app-head-->'.length;
  const root = template.indexOf('<!--app-html-->');
  const data = template.indexOf('<!--app-data-->');
  return [
    template.slice(0, open),
    `<html lang="${parts.lang}" dir="${parts.lang === 'ar' ? 'rtl' : 'ltr'}"`,
    template.slice(open + '<html lang="ar" dir="rtl"'.length, headStart),
    parts.head,
    template.slice(headEnd, root),
    parts.html,
    template.slice(root + '<!--app-html-->'.length, data),
    `<script id="union-data" type="application/json">${parts.snapshot}</script>`,
    template.slice(data + '<!--app-data-->'.length),
  ].join('');
}

describe('prerendered pages with replacement patterns and script ends in staff text', () => {
  beforeAll(
    () =>
      void vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => fakeApi(input)),
      ),
  );
  afterAll(() => void vi.unstubAllGlobals());

  it.each(['/en/events/' + EVENT_ID, '/events/' + EVENT_ID, '/en'])('writes %s byte for byte', async (url) => {
    const { renderPage } = await import('../src/entry-server');
    const rendered = await renderPage(url, { fetchData: true, routeData: true, renderedAt: 0 });
    expect(rendered.missing).toEqual([]);
    const page = pageTemplate(template)(rendered);
    expect(page).toBe(expectedPage(rendered));

    // The template is in the page once: no pattern copied it (or a part of it) again.
    expect(page.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(page.match(/<body>/g)).toHaveLength(1);
    expect(page.length).toBeLessThan(
      template.length + rendered.head.length + rendered.html.length + rendered.snapshot.length + 200,
    );
    // The texts arrive escaped: no script element ends early, none is added.
    const scripts = (html: string) => html.match(/<script\b/g)?.length ?? 0;
    expect(page.match(/<\/script>/g)?.length).toBe(scripts(page));
    expect(scripts(page)).toBe(scripts(template) + scripts(rendered.head) + 1);
    expect(page).not.toContain('<script>alert(1)');
    // The snapshot reads back as the API's texts, unchanged.
    const snapshot = /<script id="union-data" type="application\/json">([\s\S]*?)<\/script>/.exec(page)![1]!;
    expect(JSON.stringify(JSON.parse(snapshot))).toContain(JSON.stringify(overrides[0]!.en).slice(1, -1));
  });

  it('refuses to render a page with a text its browser would not have loaded', async () => {
    const { renderPage } = await import('../src/entry-server');
    const { ROUTES } = await import('../src/routes');
    const about = ROUTES.find((route) => route.id === 'about')!;
    // As if the about page were marked as showing only the first download's texts.
    about.texts = 'first';
    try {
      await expect(renderPage('/about', { fetchData: false, routeData: true, renderedAt: 0 })).rejects.toThrow(
        /\/about shows texts it does not load: .*about\.title/,
      );
      // English comes whole: the same page renders.
      await expect(
        renderPage('/en/about', { fetchData: false, routeData: true, renderedAt: 0 }),
      ).resolves.toMatchObject({ lang: 'en' });
    } finally {
      delete about.texts;
    }
    // A first screen shows only the first download's texts, though its deferred parts (the footer)
    // have the rest of the shell's: the board page, marked so, is refused for its title alone.
    const board = ROUTES.find((route) => route.id === 'board')!;
    board.texts = 'first';
    try {
      const refusal = renderPage('/board', { fetchData: false, routeData: true, renderedAt: 0 });
      await expect(refusal).rejects.toThrow(/\/board shows texts it does not load: .*board\.title/);
      await expect(refusal).rejects.not.toThrow(/footer\./);
    } finally {
      delete board.texts;
    }
    const home = await renderPage('/', { fetchData: false, routeData: true, renderedAt: 0 });
    // Its first screen's texts are in the first download; its parts below load the shell's after it.
    expect(home.modules.filter((m) => m.includes('i18n'))).toEqual([]);
    const events = await renderPage('/events', { fetchData: false, routeData: true, renderedAt: 0 });
    expect(events.modules).toContain('shared/src/i18n/public/ar-pages.ts');
  });

  it('shows the texts themselves where the page shows them', async () => {
    const { renderPage } = await import('../src/entry-server');
    const rendered = await renderPage(`/en/events/${EVENT_ID}`, { fetchData: true, routeData: true, renderedAt: 0 });
    const page = pageTemplate(template)(rendered);
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(page).toContain(escaped(`Evening ${HOSTILE}`));
    expect(page).toContain(escaped(`Union ${HOSTILE}`));
  });

  it('refuses a template without its markers', () => {
    expect(() => pageTemplate('<html lang="ar" dir="rtl"><body></body>')).toThrow(/app-head/);
  });
});

describe('the template: stylesheet inline, scripts after the first paint', () => {
  const built =
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react-b.js">\n' +
    '<link rel="stylesheet" crossorigin href="/assets/index-c.css">\n' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />\n' +
    '<link rel="manifest" href="/manifest.webmanifest" />\n</head><body><div id="root"></div>\n</body></html>';

  it("writes the icon into its link as a data URL, which reads back as the file's SVG", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n  <circle cx="4" cy="4" r="4" fill="#007a3d"/>\n</svg>\n';
    const html = inlineIcon(built, (file) => (file === 'favicon.svg' ? svg : ''));
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml" \/>/.exec(html)![1]!;
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"> <circle cx="4" cy="4" r="4" fill="#007a3d"/> </svg>',
    );
    expect(() => inlineIcon('<head></head>', () => svg)).toThrow(/icon/);
  });

  it('inlines the stylesheet and refuses one that would end its element', () => {
    const html = inlineStylesheets(built, (file) => (file === 'assets/index-c.css' ? 'p{color:red}\n' : ''));
    expect(html).toContain('<style>p{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(() => inlineStylesheets(built, () => 'p{}</style><script>x()</script>')).toThrow(/cannot be inlined/);
  });

  it('lists the entry, its preloads and the manifest in an inert template that the loader at the end of the body starts', () => {
    const html = deferScripts(built, 'load()');
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload" crossorigin/);
    expect(html).toContain(
      `<template data-scripts data-entry="/assets/index-a.js"><link rel="modulepreload" href="/assets/react-b.js"><link rel="manifest" href="/manifest.webmanifest"></template><script>load()</script>`,
    );
    // Without scripts, the head still declares the manifest; with them, the parser ignores this.
    expect(html).toContain('<noscript><link rel="manifest" href="/manifest.webmanifest"></noscript>');
    expect(html.match(/rel="manifest"/g)).toHaveLength(2);
    expect(() => deferScripts(built.replace(/<link rel="manifest"[^>]*>/, ''), 'load()')).toThrow(/manifest/);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(scriptList(['/assets/x.js'])).toBe(
      '<template data-scripts><link rel="modulepreload" href="/assets/x.js"></template>',
    );
  });
});
