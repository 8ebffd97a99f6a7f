import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The console runs on its own dev/preview server (5174, base /admin/); the public site
// forwards /admin there so both apps share one origin (and the session cookie) locally.
const consoleTarget = process.env.ADMIN_PROXY_TARGET ?? 'http://127.0.0.1:5174';
const proxy = {
  '/admin': { target: consoleTarget, changeOrigin: true, ws: true },
};

/**
 * Lets the browser open the API connection while the JS is still downloading. The URL is
 * VITE_SUPABASE_URL as @union/shared/config reads it (same default; the config file cannot
 * import the TypeScript workspace package under plain Node).
 */
function preconnectApi(mode: string): Plugin {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const url = (process.env.VITE_SUPABASE_URL || env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321').trim();
  let origin = '';
  try {
    origin = new URL(url).origin;
  } catch {
    /* a relative or odd URL: no hint */
  }
  return {
    name: 'union-preconnect-api',
    transformIndexHtml: () => (origin ? [{ tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' }] : []),
  };
}

// Visitors get Preact's React-compatible runtime (about 40 KB less JavaScript to download and
// run on a phone than react-dom); the code is written and type-checked against React's API.
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), preconnectApi(mode)],
  resolve: { alias: preactCompat },
  envPrefix: 'VITE_',
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, strictPort: true, proxy },
  build: {
    target: 'es2022',
    // Every browser the site supports understands <link rel="modulepreload">: no polyfill script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A long-lived vendor chunk (Preact, the router, the PostgREST client): it changes less
        // often than the app code, so a deploy only invalidates the app chunks in visitors' caches.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/](preact|wouter|regexparam|use-sync-external-store|@supabase[\\/]postgrest-js)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
}));
