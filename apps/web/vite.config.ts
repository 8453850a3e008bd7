import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The config can be loaded from the repository root (vite preview --config apps/web/vite.config.ts),
// so the web app's folder is pinned as the root instead of relying on the working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
