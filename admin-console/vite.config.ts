import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console lives under /admin/ (beside the public site, which proxies /admin to it in
// development). Heavy pages are React.lazy() chunks; the vendor groups below keep the
// long-lived libraries cacheable apart from the app's own code.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, strictPort: true },
  preview: { port: 5174, strictPort: true },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 30 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|stylis|stylis-plugin-rtl)[\\/]/, priority: 20 },
            { name: 'supabase', test: /[\\/]node_modules[\\/]@supabase[\\/]/, priority: 20 },
            { name: 'react-admin', test: /[\\/]node_modules[\\/](react-admin|ra-[a-z-]+|@raphiniert|@tanstack|react-hook-form|i18next|react-i18next|lodash)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
