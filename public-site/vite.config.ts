import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The console runs on its own dev/preview server (5174, base /admin/); the public site
// forwards /admin there so both apps share one origin (and the session cookie) locally.
const consoleTarget = process.env.ADMIN_PROXY_TARGET ?? 'http://127.0.0.1:5174';
const proxy = {
  '/admin': { target: consoleTarget, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  envPrefix: 'VITE_',
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, strictPort: true, proxy },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change less often than the app code, so a
        // deploy only invalidates the small app chunk in the visitors' caches.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 15 },
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
