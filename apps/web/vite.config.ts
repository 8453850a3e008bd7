import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// The config can be loaded from the repository root (vite preview --config apps/web/vite.config.ts),
// so the web app's folder is pinned as the root instead of relying on the working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // The installable app (issue 7): manifest, icons and a service worker (sw/sw.ts) that precaches the
    // built shell assets, shows public/offline.html without a connection, shows pushes and asks before
    // a new release takes over (features/pwa/service-worker-updates.tsx). Not active in `vite dev`.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'offline.html', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Storekeep',
        short_name: 'Storekeep',
        description: 'Leases, franchise agreements and their critical dates for franchise and retail teams.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#2563eb',
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // index.html is not precached: navigations always ask the server, offline.html is the fallback.
        globPatterns: ['**/*.{js,css,svg,png,woff2}', 'offline.html'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/app': { target: server, changeOrigin: false },
      '/healthz': { target: server, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/app': { target: server, changeOrigin: false },
      '/healthz': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route modules are dynamic imports (src/router.tsx), so each screen is its own chunk.
    chunkSizeWarningLimit: 600,
  },
});
