import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, minify, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Relative imports with their extension: the config is bundled by Vite, while the workspace
// package (TypeScript) would be loaded by plain Node.
import { readConfig, warnAboutAddresses } from '../shared/src/config.ts';
import { runningStackPlugin } from '../supabase/local-stack/src/state.ts';
import { PREFLIGHT_CONFIG } from '../shared/src/preferences.ts';
import { formatMarker } from '../shared/src/releaseMarker.ts';
import type { PreflightConfig } from './src/preflight.ts';
import { chunkGroupOf } from './src/lib/chunkGroups.ts';
import { isDeferredPartChunk } from './src/lib/deferredParts.ts';
import { chunkWithImports, formatChunkList, ON_DEMAND_MARKER } from './src/lib/onDemandChunks.ts';
import { EARLY_CLICK } from './src/lib/earlyClick.ts';
import { COMPILE_HINT, wantsCompileHint } from './src/lib/compileHint.ts';
import { FIRST_SCREEN_MARKER } from './src/lib/firstScreen.ts';
import { prerender } from './prerender/prerender.ts';
import { buildDone, markBuilding, saveRenderer } from './prerender/renderer.ts';
import { deferScripts, inlineIcon, inlineStylesheets } from './prerender/page.ts';

// The console runs on its own dev/preview server (5174, base /admin/); the public site
// forwards /admin there so both apps share one origin (and the session cookie) locally.
const consoleTarget = process.env.ADMIN_PROXY_TARGET ?? 'http://127.0.0.1:5174';
const proxy = {
  '/admin': { target: consoleTarget, changeOrigin: true, ws: true },
};

const root = dirname(fileURLToPath(import.meta.url));

/** `react-router` and `react-router/dom` resolved to the package's production build. */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  const production = resolve(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return [
    { find: /^react-router$/, replacement: resolve(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: resolve(production, 'dom-export.mjs') },
  ];
}

/** Lets the browser open the API connection while the JS is still downloading. */
function preconnectApi(mode: string): Plugin {
  const url = readConfig({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }).supabaseUrl;
  let origin = '';
  try {
    origin = new URL(url).origin;
  } catch {
    /* a relative or odd URL: no hint */
  }
  return {
    name: 'union-preconnect-api',
    transformIndexHtml: () =>
      origin ? [{ tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' }] : [],
  };
}

/**
 * A self-contained function of this repository (a file's default export, `source` relative to
 * this file), transpiled to plain JavaScript: an expression.
 */
async function inlineFunction(source: string): Promise<string> {
  const file = fileURLToPath(new URL(source, import.meta.url));
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts', target: 'es2017' });
  return `(${code.replace(/^export default /m, '').trim()})`;
}

/** inlineFunction's function, minified, as a call with `args`: the source of an inline script. */
async function inlineCall(source: string, args: string): Promise<string> {
  const call = `${await inlineFunction(source)}(${args});`;
  return (await minify(source, call, { compress: true, mangle: true })).code.trim();
}

/** src/preflight.ts, compiled and inlined at the top of <head> of every page (dev and build). */
function preflightScript(): Plugin {
  const config: PreflightConfig = PREFLIGHT_CONFIG;
  let script: Promise<string> | undefined;
  return {
    name: 'union-preflight',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) =>
        html.replace(
          /<!--preflight:[^>]*-->/,
          `<script>${await (script ??= inlineCall('./src/preflight.ts', `${JSON.stringify(config)}, window`))}</script>`,
        ),
    },
  };
}

/**
 * `/release.txt` (shared/src/releaseMarker.ts): the commit a release built the site from and the
 * id of that run, from RELEASE_COMMIT and RELEASE_STAMP, which `npm run deploy` sets. Other builds
 * have no such file.
 */
function releaseMarker(): Plugin {
  const commit = process.env.RELEASE_COMMIT;
  // Checked now: a bad value stops the build before anything is built.
  const text = commit === undefined ? null : formatMarker({ commit, stamp: process.env.RELEASE_STAMP ?? '' });
  return {
    name: 'union-release-marker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      if (text) this.emitFile({ type: 'asset', fileName: 'release.txt', source: text });
    },
  };
}

/**
 * Every script chunk of the browser's build but the smallest opens with V8's explicit compile hint
 * (src/lib/compileHint.ts): the browser compiles all its functions as the file arrives, while it
 * downloads and off the main thread. Left to V8's guess, most of them were compiled on the main
 * thread when first called, during hydration, and nearly all of a page's code runs on load (what
 * it saved: docs/performance.md).
 *
 * Written last, once the bundle is complete: the comment must open the file, and the minifier
 * would drop it, while Vite puts its table of preloads (`__vite__mapDeps`) at the top of the
 * chunks that import others lazily after Rolldown's own banner.
 */
function compileHint(): Plugin {
  return {
    name: 'union-compile-hint',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && wantsCompileHint(chunk.code)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

/**
 * Each `'__UNION_ON_DEMAND__<Name>'` an onDemand call passes (src/lib/onDemandChunks.ts) becomes the
 * list of the part's chunks: `<Name>-<hash>.js`, the chunk of the module it imports, and every
 * chunk that one imports. Once the bundle is complete, when every chunk has its final name.
 */
function onDemandChunks(): Plugin {
  const marker = new RegExp(`${ON_DEMAND_MARKER}(\\w+)`, 'g');
  return {
    name: 'union-on-demand-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const importsOf = (file: string) => chunks.find((chunk) => chunk.fileName === file)?.imports;
        for (const chunk of chunks)
          chunk.code = chunk.code.replace(marker, (_, name: string) => {
            const part = chunks.find((other) => other.isDynamicEntry && other.name === name);
            if (!part) this.error(`${chunk.fileName} loads ${name} on demand, but no chunk is named ${name}`);
            return formatChunkList(chunkWithImports(part.fileName, importsOf));
          });
      },
    },
  };
}

export default defineConfig(({ mode, command }) => ({
  plugins: [
    // First: without VITE_SUPABASE_URL, the stack that runs here (.data/dev), whatever its ports.
    runningStackPlugin(process.env, loadEnv(mode, process.cwd(), 'VITE_'), resolve(root, '../.data/dev')),
    react(),
    tailwindcss(),
    preconnectApi(mode),
    preflightScript(),
    releaseMarker(),
    compileHint(),
    onDemandChunks(),
    warnAboutAddresses({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }, 'public-site'),
  ],
  envPrefix: 'VITE_',
  // React Router 7 lists only its development build in its package exports (remix-run/react-router
  // issues 12532 and 14753): a production build takes its production build, without the
  // development warnings, by path. The dev server keeps the warnings.
  resolve: {
    alias: [
      ...(command === 'build' ? reactRouterProduction() : []),
      { find: /^use-sync-external-store\/shim$/, replacement: resolve(root, 'src/lib/syncExternalStore.ts') },
    ],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, strictPort: true, proxy },
  build: {
    target: 'es2022',
    // The prerender preloads each page's own chunks (found through the manifest).
    manifest: true,
    // Every browser the site supports understands <link rel="modulepreload">: no polyfill script.
    // The deferred parts' imports are not preloaded with them (src/lib/deferredParts.ts).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (isDeferredPartChunk(file) ? [] : deps),
    },
    // One stylesheet for the whole site, linked by the page (and put inline by the prerender), not
    // owned by a chunk: split, it belongs to the entry chunk, and every lazy chunk that imports
    // from the entry lists it among its dependencies, so Vite's preload helper would fetch it again
    // after hydration and restyle the whole page.
    cssCodeSplit: false,
  },
  environments: {
    // The browser's build. Its chunks only: the renderer's entry imports the grouped modules too,
    // and there a group made chunks that import each other, so that a module ran before one it
    // reads (the prerendered icons had no path).
    client: {
      build: {
        rolldownOptions: {
          output: {
            // One long-lived vendor chunk (React, the router, i18next): it changes only when a
            // library is upgraded, so a deploy invalidates only the app chunks in visitors' caches.
            // One chunk, not two: every page needs all of it, and one file compresses better than
            // two. React DOM stays a module evaluated only when required (entry-client.tsx does so
            // in a task of its own).
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]/,
                },
                // Small modules many pages share, a few chunks instead of one each
                // (src/lib/chunkGroups.ts). Without their imports: those are the entry's, and must
                // stay in its chunk.
                {
                  name: (id) => chunkGroupOf(id, root),
                  // The name Rolldown's timing report shows (it asks for one when `name` is a function).
                  debugName: 'chunk groups',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
    // The prerender's renderer: the same app, built for Node, into a folder of this build's own
    // (builds may run side by side), removed once the pages are written.
    ssr: {
      build: {
        outDir: `node_modules/.prerender/${process.pid}`,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: 'src/entry-server.tsx' },
      },
    },
  },
  // `vite build` builds the browser app, then the renderer, then writes every page of the site.
  builder: {
    async buildApp(builder) {
      const outDir = resolve(builder.config.root, builder.environments.client.config.build.outDir);
      markBuilding(outDir);
      await builder.build(builder.environments.client);
      // The stylesheet and the icon inline, the scripts and the manifest after the first paint
      // (prerender/page.ts), in the template itself, so that the pages a publish writes have them too.
      const template = resolve(outDir, 'index.html');
      const read = (file: string) => readFileSync(resolve(outDir, file), 'utf8');
      writeFileSync(
        template,
        deferScripts(
          inlineIcon(inlineStylesheets(readFileSync(template, 'utf8'), read), read),
          await inlineCall(
            './src/start-scripts.ts',
            `window, ${JSON.stringify(FIRST_SCREEN_MARKER)}, ${JSON.stringify(EARLY_CLICK)}, ${await inlineFunction('../shared/src/releaseReload.ts')}`,
          ),
        ),
      );
      await builder.build(builder.environments.ssr);
      const clientDir = outDir;
      const serverDir = resolve(builder.config.root, builder.environments.ssr.config.build.outDir);
      // What the local stack needs to publish a content change with the prerender alone.
      saveRenderer(clientDir, serverDir);
      await prerender({
        root: builder.config.root,
        clientDir,
        serverDir,
        log: (line) => builder.config.logger.info(line),
        warn: (line) => builder.config.logger.warn(line),
      });
      buildDone(outDir);
    },
  },
}));
