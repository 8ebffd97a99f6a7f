import { resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative imports with their extension: the config is bundled by Vite, while the workspace
// package (TypeScript) would be loaded by plain Node.
import { readConfig, warnAboutAddresses } from '../shared/src/config.ts';
import { runningStackPlugin } from '../supabase/local-stack/src/state.ts';
import { contentSecurityPolicy, inlineScriptHashes, policyMeta } from '../shared/src/http-headers.ts';

/**
 * The console's security policy, first in the built index.html (see shared/src/http-headers.ts):
 * the API of VITE_SUPABASE_URL; images also as data: and blob: (previews of a picked photo);
 * inline styles, which MUI's emotion writes at run time.
 */
function securityPolicy(mode: string): Plugin {
  const { supabaseUrl } = readConfig({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env });
  return {
    name: 'union-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const scriptHashes = await inlineScriptHashes(html);
        const policy = contentSecurityPolicy({ supabaseUrl, scriptHashes, inlineStyles: true, blobImages: true });
        return html.replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${policyMeta(policy)}`);
      },
    },
  };
}

// The console lives under /admin/ (beside the public site, which proxies /admin to it in
// development). The first download holds only the sign-in page; react-admin's console is a
// lazy chunk (src/App.tsx), and every resource page one of its own (src/registry.ts). No manual
// vendor groups: a group is one chunk, which would pull every page's library code into the
// first download.
export default defineConfig(({ mode }) => ({
  base: '/admin/',
  plugins: [
    // First: without VITE_SUPABASE_URL, the stack that runs here (.data/dev), whatever its ports.
    runningStackPlugin(
      process.env,
      loadEnv(mode, process.cwd(), 'VITE_'),
      resolve(import.meta.dirname, '../.data/dev'),
    ),
    react(),
    securityPolicy(mode),
    warnAboutAddresses({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }, 'admin-console'),
  ],
  // One i18next: ra-i18n-i18next has its own copy (the public site's newer one is the root's),
  // the same version as the console's, which would otherwise be bundled twice.
  resolve: { dedupe: ['i18next'] },
  server: { port: 5174, strictPort: true },
  preview: { port: 5174, strictPort: true },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
  },
}));
