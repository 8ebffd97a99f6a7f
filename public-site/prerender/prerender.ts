// The last step of `vite build` (see vite.config.ts): every public route, in every language,
// becomes a static HTML file with its real texts and, when the API answers, its content; then
// sitemap.xml, robots.txt and the host rules. Runs in Node, inside Vite's build.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from 'vite';
import type * as Server from '../src/entry-server.tsx';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  inlineStyleHashes,
  policyMeta,
  SITE_HEADER_RULES,
} from '../../shared/src/http-headers.ts';
import { OSM_ORIGIN } from '../../shared/src/map.ts';
import { hostRules, robotsTxt, sitemapXml, type SitemapPage } from './files.ts';
import { insertAt, pageTemplate, scriptList } from './page.ts';
import { IMAGE_DIR, imageCopier } from './images.ts';

export interface PrerenderOptions {
  root: string;
  clientDir: string;
  serverDir: string;
  log: (line: string) => void;
  warn: (line: string) => void;
  /**
   * Content changes a publish is for (prerender/publish.ts): only the pages they touch are
   * written, with the sitemap, feeds and host files. Without it, every page.
   */
  changes?: readonly Server.ContentChange[];
  /**
   * A publish (prerender/publish.ts): an API that does not answer stops the prerender, which
   * then writes nothing, instead of writing pages without content as a build does.
   */
  requireContent?: boolean;
}

/** No first paint before the page's header is parsed in full: a half-parsed header would shift. */
const RENDER_AFTER_HEADER = '<link rel="expect" href="#main" blocking="render">';

/**
 * The site's policy: scripts only from the site itself and the inline ones of the template
 * (the pre-paint script) by their hash, styles likewise (the inlined stylesheet); data, images and the API from VITE_SUPABASE_URL; the
 * map's frame. The JSON data blocks (snapshot, JSON-LD) are not scripts that run.
 */
export async function sitePolicy(template: string, supabaseUrl: string): Promise<string> {
  return contentSecurityPolicy({
    supabaseUrl,
    scriptHashes: await inlineScriptHashes(template),
    styleHashes: await inlineStyleHashes(template),
    frames: [OSM_ORIGIN],
  });
}

/** The file a page is written to: /about → about.html, /en → en.html, / → index.html. */
export const fileForPath = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** The chunk files a set of source modules needs (with their static imports), minus those already loaded. */
function chunkFiles(manifest: Manifest, modules: string[], skip: Set<string>): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const module of modules) {
    const key = Object.keys(manifest).find((k) => k === module || k.endsWith(`/${module.replace(/^(\.\.\/)+/, '')}`));
    if (!key) throw new Error(`prerender: ${module} is not in Vite's manifest`);
    visit(key);
  }
  return files;
}

/** Files the entry already loads (its script and its modulepreloads in index.html). */
function entryFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

export async function prerender(options: PrerenderOptions): Promise<{ itemIds: Record<string, string[]> }> {
  const clientDir = resolve(options.root, options.clientDir);
  const serverDir = resolve(options.root, options.serverDir);
  const server = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as typeof Server;
  const built = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const render = pageTemplate(
    insertAt(built, /<!--csp:[^>]*-->/, policyMeta(await sitePolicy(built, server.supabaseUrl))),
  );
  const manifestFile = join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const loaded = entryFiles(manifest);
  const renderedAt = Date.now();

  // The content comes from the API the site is built for; when it cannot be reached (a build
  // without a running backend) the pages are written with their data blocks loading, and
  // visitors' browsers fetch the content as they would after any navigation.
  // The items of each route with a page per item ('/events/:id', '/news/:id').
  let itemIds: Record<string, string[]> = {};
  let fetchData = true;
  try {
    itemIds = await server.listItemIds();
  } catch (error) {
    // The address says which API: after a restart on other ports, the one the site was built for.
    const unanswered = `the API at ${server.supabaseUrl} did not answer (${(error as { message?: string } | null)?.message ?? String(error)})`;
    if (options.requireContent) throw new Error(unanswered);
    fetchData = false;
    options.warn(`prerender: ${unanswered}; pages are written without database content.`);
  }

  const write = (file: string, content: string) => {
    const target = join(clientDir, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  };

  const photos = imageCopier({ siteDir: clientDir, url: server.storedImageUrl, warn: options.warn });

  async function page(url: string, file: string, fallback: boolean): Promise<void> {
    // A fallback page renders its content loading: the browser fetches what the URL asks for.
    const renderOptions = { fetchData, routeData: !fallback, renderedAt, images: photos.images };
    let rendered = await server.renderPage(url, renderOptions);
    // Photos this build has not copied yet: copied, then the page rendered again with them.
    if (photos.hasNew(rendered.imagePaths)) {
      await photos.copy(rendered.imagePaths);
      rendered = await server.renderPage(url, renderOptions);
    }
    if (fetchData && rendered.missing.length > 0)
      options.warn(`prerender: ${url} rendered without ${rendered.missing.join(', ')}`);
    // The page's own chunks (its texts' among them), loaded with the app's scripts after the first
    // paint (page.ts, deferScripts).
    const chunks = chunkFiles(manifest, rendered.modules, loaded).map((f) => `/${f}`);
    const head = `${rendered.head}\n    ${RENDER_AFTER_HEADER}${chunks.length ? `\n    ${scriptList(chunks)}` : ''}`;
    write(file, render({ ...rendered, head }));
  }

  const sitemap: SitemapPage[] = [];
  let count = 0;
  for (const route of server.ROUTES) {
    const paths =
      route.path === '*'
        ? ['/404'] // rendered by the catch-all route: the host's "not found" page
        : route.path.includes(':id')
          ? [
              ...(itemIds[route.path] ?? []).map((id) => route.path.replace(':id', id)),
              route.path.replace(':id', '404'),
            ]
          : [route.path];
    for (const path of paths) {
      // /events/404 is the event page without an event: hosts serve it for event ids the build
      // did not know (events added since), and the browser loads the event (docs/operations.md, "Another static host"); the
      // same for /news/404.
      const fallback = path === '/404' || path.endsWith('/404');
      if (route.sitemap && !fallback) sitemap.push({ path, lastmod: server.lastModified(path) });
      if (options.changes && !server.affectedBy(path, options.changes)) continue;
      for (const lang of server.LANGUAGES) {
        const url = server.localizedPath(lang, path);
        await page(url, fileForPath(url), fallback);
        count++;
      }
    }
  }
  // A language's home page also answers with a trailing slash (/en/) on hosts that look for a folder.
  for (const lang of server.LANGUAGES.slice(1))
    if (existsSync(join(clientDir, `${lang}.html`)))
      write(`${lang}/index.html`, readFileSync(join(clientDir, `${lang}.html`), 'utf8'));

  // The calendar feeds to subscribe to (only with content: an empty feed would empty calendars).
  if (fetchData) for (const feed of await server.calendarFeeds(renderedAt)) write(feed.file, feed.content);
  // The news feeds, likewise only with content.
  if (fetchData) for (const feed of await server.newsFeeds(renderedAt)) write(feed.file, feed.content);
  write('sitemap.xml', sitemapXml(server.siteOrigin, sitemap, server.LANGUAGES, server.localizedPath));
  write('robots.txt', robotsTxt(server.siteOrigin));
  write('_redirects', hostRules(server.LANGUAGES, server.localizedPath));
  write('_headers', headersFile(SITE_HEADER_RULES));
  // The manifest served its purpose here; visitors need not download the source map of the site.
  rmSync(dirname(manifestFile), { recursive: true, force: true });
  rmSync(serverDir, { recursive: true, force: true });
  options.log(
    `prerender: ${count} pages (${server.LANGUAGES.length} languages, ${itemIds['/events/:id']?.length ?? 0} events, ${itemIds['/news/:id']?.length ?? 0} news), ${Object.keys(photos.images).length} photos in ${IMAGE_DIR}/, sitemap.xml, robots.txt, _redirects, _headers`,
  );
  return { itemIds };
}
