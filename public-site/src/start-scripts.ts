// Starts the app's scripts once the first screen has been painted. vite.config.ts inlines this
// function at the end of <body> of every page (transpiled to plain JavaScript, minified, called
// with the marker below), so, like preflight.ts, it must stay self-contained: no imports but
// types, no outer names (what it shares with the console comes in as an argument). Written by
// hand: a few lines no library offers, allowed by the security policy by its hash.
//
// Why wait: on a slow phone, scripts downloaded while the first screen's images are still
// arriving or being decoded share the connection and the CPU with them, and delay the page's
// largest paint (the hero, an event's photo). The page is real HTML and works meanwhile (links,
// text); React takes it over once the scripts have run.

import type { ReleaseWindow } from '@union/shared/releaseReload';

/** The parts of `window` the loader touches (a fake in the unit tests). */
export interface StartWindow extends ReleaseWindow {
  document: Pick<Document, 'querySelectorAll' | 'createElement' | 'head' | 'addEventListener'> & {
    documentElement: Pick<Element, 'hasAttribute' | 'setAttribute'>;
  };
  setTimeout(run: () => void, ms: number): unknown;
  performance: { now(): number };
  requestAnimationFrame(run: () => void): unknown;
  PerformanceObserver?: {
    new (callback: (list: { getEntries(): { name: string; element?: Element | null }[] }) => void): {
      observe(options: { type: string; buffered: boolean }): void;
      disconnect(): void;
    };
    readonly supportedEntryTypes?: readonly string[];
  };
  IntersectionObserver?: new (callback: (entries: { target: Element; isIntersecting: boolean }[]) => void) => {
    observe(target: Element): void;
    disconnect(): void;
  };
}

/**
 * The scripts to load are listed in inert `<template data-scripts>` elements (the app's in
 * one, a page's own chunks in another; prerender/page.ts): their links become `modulepreload`s,
 * then the entry (`data-entry`) is added as a module script. The app's list also holds the web
 * app manifest's link, added as it is.
 *
 * When: once every first-screen image (`<img elementtiming="<marker>">`, fetched with high
 * priority) is on screen, or failed, or lies below the fold; on a page without one, after its
 * first contentful paint; after 3 s at the latest. "On screen" is what the browser reports: an
 * Element Timing entry (Chromium); elsewhere the image's load and decode, then one more frame.
 */
export default function startScripts(
  w: StartWindow,
  marker: string,
  early: { readonly hydrating: string; readonly pending: string },
  reloadAfterRelease: (w: ReleaseWindow, entry: string) => void,
): void {
  const d = w.document;

  // A click on a button before the app has taken the page over is kept, not lost: the button is
  // marked busy (the last one wins; its default action, a form's submission, waits with it), and
  // the app clicks it again once hydrated (src/lib/earlyClick.ts, which names the attributes).
  d.addEventListener(
    'click',
    (event) => {
      if (d.documentElement.hasAttribute(early.hydrating)) return;
      const target = event.target as Element | null;
      const button = target && target.closest ? (target.closest('button') as HTMLButtonElement | null) : null;
      if (!button || button.disabled) return;
      event.preventDefault();
      d.querySelectorAll('[' + early.pending + ']').forEach((kept) => {
        kept.removeAttribute(early.pending);
        kept.removeAttribute('aria-busy');
      });
      button.setAttribute(early.pending, '');
      button.setAttribute('aria-busy', 'true');
    },
    true,
  );

  // Milliseconds of adding links per task (below); React's scheduler yields as often.
  const slice = 5;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    let entry: string | null = null;
    const listed: Element[] = [];
    d.querySelectorAll('template[data-scripts]').forEach((template) => {
      entry = template.getAttribute('data-entry') || entry;
      (template as HTMLTemplateElement).content.querySelectorAll('link').forEach((link) => listed.push(link));
    });
    // A page opened before a release loads itself afresh when its code is gone (the function is
    // @union/shared/releaseReload, passed in by vite.config.ts).
    if (entry) reloadAfterRelease(w, entry);
    // Each link added costs the browser the setting up of its request, about 10 ms on a slow
    // phone, and an event page lists a dozen chunks: added all at once, they made one long task.
    // They are added a few milliseconds' worth at a time instead, each batch in a task of its
    // own, and the entry after them.
    const add = () => {
      const until = w.performance.now() + slice;
      while (listed.length) {
        const from = listed.shift()!;
        const link = d.createElement('link');
        // A script chunk, or the web app manifest (prerender/page.ts, deferScripts).
        link.rel = from.getAttribute('rel') === 'manifest' ? 'manifest' : 'modulepreload';
        if (link.rel === 'modulepreload') link.crossOrigin = '';
        link.href = from.getAttribute('href') || '';
        d.head.appendChild(link);
        if (listed.length && w.performance.now() >= until) {
          w.setTimeout(add, 0);
          return;
        }
      }
      if (!entry) return;
      const script = d.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      // Without the app, the buttons are the HTML's own: clicks are no longer kept.
      script.onerror = () => d.documentElement.setAttribute(early.hydrating, '');
      d.head.appendChild(script);
    };
    add();
  };
  const soon = () => w.setTimeout(go, 0);
  w.setTimeout(go, 3000);

  const Observer = w.PerformanceObserver;
  const types = (Observer && Observer.supportedEntryTypes) || [];
  const observe = (type: string, seen: (entry: { name: string; element?: Element | null }) => void) => {
    const observer = new Observer!((list) => list.getEntries().forEach(seen));
    observer.observe({ type, buffered: true });
    return observer;
  };

  const pending: Element[] = [];
  d.querySelectorAll('img[elementtiming="' + marker + '"]').forEach((img) => pending.push(img));
  if (!pending.length) {
    if (types.indexOf('paint') < 0) w.requestAnimationFrame(soon);
    else observe('paint', (entry) => entry.name === 'first-contentful-paint' && soon());
    return;
  }

  const painted = types.indexOf('element') >= 0;
  let element: { disconnect(): void } | undefined;
  let below: { disconnect(): void } | undefined;
  const settle = (img: Element) => {
    const i = pending.indexOf(img);
    if (i < 0) return;
    pending.splice(i, 1);
    if (pending.length) return;
    if (element) element.disconnect();
    if (below) below.disconnect();
    if (painted) soon();
    else w.requestAnimationFrame(soon);
  };
  if (painted) element = observe('element', (entry) => entry.element && settle(entry.element));
  // An image below the fold is never painted on the first screen: it does not hold the scripts.
  if (w.IntersectionObserver) {
    const io = new w.IntersectionObserver((entries) =>
      entries.forEach((entry) => entry.isIntersecting || settle(entry.target)),
    );
    pending.forEach((img) => io.observe(img));
    below = io;
  }
  pending.slice().forEach((node) => {
    const img = node as HTMLImageElement;
    const loaded = () => {
      if (img.naturalWidth === 0) return settle(img);
      if (!painted)
        img.decode().then(
          () => settle(img),
          () => settle(img),
        );
    };
    if (img.complete) loaded();
    else {
      img.addEventListener('load', loaded);
      img.addEventListener('error', () => settle(img));
    }
  });
}
