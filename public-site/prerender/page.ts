// The page template of the prerender: index.html (as Vite built it) cut once at its markers, so
// each page is the template's own text with the page's parts put between, by concatenation.
// Not String.prototype.replace: its replacement patterns ($&, $`, $', $1) would expand inside
// staff-written text (a translation override or an event's title) and copy pieces of the
// template into the page.

/** What one page puts into the template (see entry-server.tsx, RenderedPage). */
export interface PageParts {
  lang: string;
  /** Head tags, preloads included. */
  head: string;
  /** The inner HTML of #root. */
  html: string;
  /** The snapshot's JSON, already safe inside a script element (serializeSnapshot). */
  snapshot: string;
}

// The places in index.html a page fills, in document order.
const HTML_OPEN = /<html lang="[^"]*" dir="[^"]*"/;
const HEAD = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const ROOT = '<!--app-html-->';
const DATA = '<!--app-data-->';

/** Cuts `template` at a marker: the text before it and after it. */
function cut(template: string, marker: RegExp | string): [string, string] {
  const match = typeof marker === 'string' ? { index: template.indexOf(marker), 0: marker } : marker.exec(template);
  if (!match || match.index < 0) throw new Error(`prerender: index.html has no ${String(marker)}`);
  return [template.slice(0, match.index), template.slice(match.index + match[0].length)];
}

/** Puts `text` where `marker` is (the first match), without interpreting anything in `text`. */
export function insertAt(template: string, marker: RegExp | string, text: string): string {
  const [before, after] = cut(template, marker);
  return before + text + after;
}

/** index.html cut into the pieces between a page's parts; `render` joins them with a page's parts. */
export function pageTemplate(template: string): (page: PageParts) => string {
  const [start, rest1] = cut(template, HTML_OPEN);
  const [afterHtml, rest2] = cut(rest1, HEAD);
  const [afterHead, rest3] = cut(rest2, ROOT);
  const [afterRoot, end] = cut(rest3, DATA);
  return (page) =>
    start +
    `<html lang="${page.lang}" dir="${page.lang === 'ar' ? 'rtl' : 'ltr'}"` +
    afterHtml +
    page.head +
    afterHead +
    page.html +
    afterRoot +
    `<script id="union-data" type="application/json">${page.snapshot}</script>` +
    end;
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * index.html with each of its stylesheets (Vite's `<link rel="stylesheet">`) inlined as a
 * `<style>` element: text paints with the HTML instead of waiting for a second request (the
 * site's whole stylesheet is a few KB compressed, less than a round trip on a phone). The
 * security policy allows the element by its hash (prerender.ts, sitePolicy). `read` gives a
 * file of the build by its path.
 */
export function inlineStylesheets(html: string, read: (file: string) => string): string {
  return html.replace(STYLESHEET, (_, file: string) => {
    const css = read(file).trim();
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} cannot be inlined (it contains </style)`);
    return `<style>${css}</style>`;
  });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const MANIFEST = /<link rel="manifest" href="([^"]+)"\s*\/?>/;

/** A list of script chunks (and, for the app's list, the manifest) for the loader (src/start-scripts.ts; inert until it runs). */
export const scriptList = (files: string[], entry?: string, manifest?: string): string =>
  `<template data-scripts${entry ? ` data-entry="${entry}"` : ''}>${files
    .map((f) => `<link rel="modulepreload" href="${f}">`)
    .join('')}${manifest ? `<link rel="manifest" href="${manifest}">` : ''}</template>`;

/**
 * index.html with Vite's entry script and module preloads replaced by a script list and the
 * loader (`loader`: src/start-scripts.ts, compiled) at the end of the body.
 *
 * The web app manifest goes into the list too, declared once the first screen is painted: a page
 * that declares one has Chromium fetch it and its icon at once (its install check), two requests
 * beside the first screen's image that Lighthouse counts into the largest paint, each on a
 * connection of its own over HTTP/1.1. Nobody installs the site before it has shown; without
 * scripts, a `<noscript>` copy declares it as before.
 */
export function deferScripts(html: string, loader: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const manifest = MANIFEST.exec(html)?.[1];
  if (!manifest) throw new Error('prerender: index.html has no web app manifest link');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const head = html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(MANIFEST, `<noscript><link rel="manifest" href="${manifest}"></noscript>`);
  return head.replace('</body>', `${scriptList(preloads, entry, manifest)}<script>${loader}</script>\n  </body>`);
}

/**
 * index.html with the site's icon (`<link rel="icon" href="/….svg">`, a file of public/) written
 * into the link as a data URL: the browser shows it without a request of its own beside the
 * first screen's. The file stays, for the manifest and the news feed. `read` gives a file of the
 * build by its path.
 */
export function inlineIcon(html: string, read: (file: string) => string): string {
  const link = /(<link rel="icon" href=")\/([^"]+\.svg)(")/;
  if (!link.test(html)) throw new Error('prerender: index.html has no <link rel="icon"> to an SVG of public/');
  return html.replace(link, (_, open: string, file: string, close: string) => {
    const svg = read(file)
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    return `${open}data:image/svg+xml,${encodeURIComponent(svg)}${close}`;
  });
}
