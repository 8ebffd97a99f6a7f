// The apps' byte budgets and how their figures are measured, written once: the bench
// (scripts/bench/apps.ts) prints them with the rest, and scripts/budgets.test.ts fails a build
// that exceeds them. Sizes are deterministic for a build, so they are tested; timings are not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './bench.js';

export const KB = 1024;

/** The byte budgets (docs/decisions.md, "Budgets"), in KB of gzip, each with its bench row's name. */
export const BYTE_BUDGETS = {
  homeJs: { metric: 'public site: initial JS (home, gzip)', maxKb: 110 },
  consoleJs: { metric: 'admin console: initial JS (gzip)', maxKb: 350 },
  signInJs: { metric: 'admin console: JS the sign-in page loads (gzip)', maxKb: 280 },
} as const;

export type ByteBudget = keyof typeof BYTE_BUDGETS;

/** What a file costs over the wire: its gzip size at level 9 (whatever the server sends). */
export const gzipBytes = (content: Uint8Array): number => gzipSync(content, { level: 9 }).length;

/** Bytes as KB with one decimal, the figure a budget is checked against. */
export const toKb = (bytes: number): number => Math.round((bytes / KB) * 10) / 10;

/** The bench's row for a byte budget; the test checks the same row with the bench's withinBudget. */
export const budgetRow = (budget: ByteBudget, bytes: number, note?: string): BenchRow => ({
  metric: BYTE_BUDGETS[budget].metric,
  value: toKb(bytes),
  unit: 'KB',
  budget: { max: BYTE_BUDGETS[budget].maxKb },
  ...(note === undefined ? {} : { note }),
});

/**
 * The JavaScript a first visit downloads before anything is lazy-loaded: the entry script
 * and every `modulepreload` in index.html (Vite lists the entry's static imports there; the
 * public site lists both in an inert `<template data-scripts data-entry>` it loads after the
 * first paint, with the page's own chunks in a second list).
 */
export function initialJsGzipBytes(distDir: string, base = '/'): { bytes: number; files: string[] } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(match[1]!);
  for (const match of html.matchAll(/<template data-scripts data-entry="([^"]+)"/g)) srcs.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(match[1]!);
  let bytes = 0;
  const files: string[] = [];
  for (const src of srcs) {
    const relative = src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '');
    bytes += gzipBytes(readFileSync(join(distDir, relative)));
    files.push(relative);
  }
  return { bytes, files };
}

/**
 * What the meter needs of a Playwright page, typed by its shape: the scripts workspace does not
 * depend on Playwright (its tests and the bench take the root's).
 */
interface Page {
  on(event: 'response', listener: (response: { url(): string; body(): Promise<Buffer> }) => void): unknown;
  goto(url: string, options: { waitUntil: 'networkidle' }): Promise<unknown>;
}

export interface JsMeter {
  /** The gzip bytes so far, once the bodies still arriving are in. */
  bytes(): Promise<number>;
  /** The scripts' paths, in the order they were answered. */
  files: string[];
}

/** Counts the JavaScript (gzip) a page downloads from now on. */
export function meterJs(page: Page): JsMeter {
  let total = 0;
  const files: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    files.push(new URL(response.url()).pathname);
    pending.push(
      response
        .body()
        .then((body) => void (total += gzipBytes(body)))
        .catch(() => undefined),
    );
  });
  return {
    async bytes() {
      await Promise.all(pending);
      return total;
    },
    files,
  };
}

/**
 * Opens the console's sign-in page (`adminUrl` ends in /admin/) in English and waits until the
 * network is idle: with `meter` counting, the JavaScript it loads, its lazy chunks included (such
 * as the texts of the language on screen).
 */
export async function openSignIn(page: Page, adminUrl: string, meter: JsMeter): Promise<number> {
  await page.goto(`${adminUrl}login?lng=en`, { waitUntil: 'networkidle' });
  return meter.bytes();
}
