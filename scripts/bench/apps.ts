// Bench sections for the two apps: initial JavaScript (gzip) of each app's first page, and
// Lighthouse (mobile) scores of the public site's home, events and library pages.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';

const root = resolve(import.meta.dirname, '../..');

export interface AppBuilds {
  publicDir: string;
  adminDir: string;
}

/** Builds both apps against the given API into `outDir/{public,admin}`. */
export function buildApps(outDir: string, env: Record<string, string>): AppBuilds {
  const dirs = { publicDir: join(outDir, 'public'), adminDir: join(outDir, 'admin') };
  for (const [workspace, dir] of [['public-site', dirs.publicDir], ['admin-console', dirs.adminDir]] as const) {
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(root, workspace),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
  }
  return dirs;
}

/**
 * The JavaScript a first visit downloads before anything is lazy-loaded: the entry script
 * and every `modulepreload` in index.html (Vite lists the entry's static imports there).
 */
export function initialJsGzipBytes(distDir: string, base = '/'): { bytes: number; files: string[] } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(match[1]);
  let bytes = 0;
  const files: string[] = [];
  for (const src of srcs) {
    const relative = src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '');
    const content = readFileSync(join(distDir, relative));
    bytes += gzipSync(content, { level: 9 }).length;
    files.push(relative);
  }
  return { bytes, files };
}

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Lighthouse's default (mobile, simulated throttling) on each page of a served site. */
export async function lighthouseScores(baseUrl: string, pages: string[]): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results: LighthouseScores[] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      results.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export const closeServer = (server: Server) => new Promise<void>((done) => server.close(() => done()));
