import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

// The config can be loaded from the repository root (vite preview --config apps/web/vite.config.ts),
// so the web app's folder is pinned as the root instead of relying on the working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

/**
 * sonner appends its CSS as an inline <style> element when imported, which the server's strict CSP
 * (style-src 'self', apps/server/src/platform/http-security.ts) blocks. Its stylesheet is imported as a
 * file instead (features/layout/toaster.tsx) and the injection is turned off here. If a sonner update
 * renames the function, the build fails rather than shipping unstyled toasts.
 */
function sonnerStylesAsFile(): Plugin {
  const injector = 'function __insertCSS(code) {';
  return {
    name: 'storekeep:sonner-styles-as-file',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(injector))
        throw new Error(`sonner no longer defines ${injector}: update sonnerStylesAsFile in vite.config.ts`);
      return { code: code.replace(injector, `${injector} return;`), map: null };
    },
  };
}

/**
 * What the server names in a page's HTML so the browser fetches it at once, in parallel with the entry
 * script, instead of after the entry has run (largest contentful paint ≤ 1 s on a slow phone).
 * `modules` are the lazy route modules React Router loads for the page (src/router.tsx; their chunks and
 * static imports become <link rel="modulepreload">), `data` the API answers the page asks for first
 * (<link rel="preload" as="fetch">, which the SPA's own fetch then takes over). Every page's guard asks
 * GET /users/auth. Read by the server (platform/spa.ts) and scripts/check-bundle.mjs from dist/preloads.json.
 */
const EVERY_PAGE_DATA = ['/app/api/v1/users/auth?guest=null'];
const ROUTE_PRELOADS: Record<string, { modules: string[]; data?: string[] }> = {
  '/login': { modules: ['src/routes/login.tsx'] },
  '/dashboard': {
    modules: [
      'src/features/layout/app-shell.tsx',
      'src/routes/dashboard.tsx',
      'src/features/dashboard/use-dashboard.ts',
    ],
    data: ['/app/api/v1/dashboard'],
  },
};

function routePreloads(): Plugin {
  return {
    name: 'storekeep:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const chunkOf = (module: string) => {
        const id = `${root}${module}`;
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) this.error(`${module} (ROUTE_PRELOADS in vite.config.ts) is in no chunk: has it moved?`);
        return chunk;
      };
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          const output = bundle[file];
          if (into.has(file) || output?.type !== 'chunk') continue;
          into.add(file);
          closure(output.imports, into);
        }
        return into;
      };
      // The entry's own imports are already <link rel="modulepreload"> tags of index.html.
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const pages = Object.fromEntries(
        Object.entries(ROUTE_PRELOADS).map(([page, { modules, data = [] }]) => {
          const scripts = [...closure(modules.map((module) => chunkOf(module).fileName))].filter(
            (file) => !entry.has(file),
          );
          const styles = scripts.flatMap((file) => [
            ...((bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
              ?.importedCss ?? []),
          ]);
          return [
            page,
            {
              modules,
              scripts: scripts.map((file) => `/${file}`),
              styles: styles.map((file) => `/${file}`),
              data,
            },
          ];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'preloads.json',
        source: `${JSON.stringify({ data: EVERY_PAGE_DATA, pages }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Small shared modules the build may copy into each chunk that uses them instead of splitting them into a
 * file of their own: icons, presentational primitives and helpers without state of their own, so two copies
 * behave as one. Split, they made most of the 35 files /dashboard's first load fetched, each one more
 * request, compile and module record before the first paint (now 18). A module that keeps state (a cache, a
 * context, a store) must not be listed: each copy would keep its own.
 */
const COPYABLE_MODULES = [
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
  /src[\\/]components[\\/]ui[\\/](alert|avatar|badge|card|empty-state|page-header|skeleton)\.tsx$/,
  /src[\\/]lib[\\/](format|initials|use-debounced-value|use-create-shortcut)\.ts$/,
  /src[\\/]features[\\/](reminders[\\/]display\.tsx|layout[\\/]nav-items\.ts|documents[\\/]open-file\.ts)$/,
];

export default defineConfig({
  root,
  plugins: [
    sonnerStylesAsFile(),
    routePreloads(),
    react(),
    tailwindcss(),
    // The installable app: manifest, icons and a service worker (sw/sw.ts) that precaches the
    // built shell assets, shows public/offline.html without a connection, shows pushes and asks before
    // a new release takes over (features/pwa/service-worker-updates.tsx). Not active in `vite dev`.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [
        'favicon.svg',
        'offline.html',
        'offline.js',
        'offline.css',
        'icons/apple-touch-icon.png',
      ],
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
  resolve: {
    // Screens import useTranslation from 'react-i18next'; src/lib/translate.ts provides it in ~1 KB instead
    // of i18next's 17 KB (the first-load budget). tsconfig.json maps the types the same way.
    alias: [{ find: /^react-i18next$/, replacement: `${root}src/lib/translate.ts` }],
  },
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
    // dist/.vite/manifest.json: scripts/check-bundle.mjs sums the first load of /login and /dashboard from it.
    manifest: true,
    rolldownOptions: {
      // Copying modules into their importers (below) needs chunks free to change their exports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Shared chunks under 4 KB of source made only of COPYABLE_MODULES are copied into their
          // importers. This turns on strictExecutionOrder (modules run in source order whatever chunk they
          // sit in); the bytes it adds are counted by scripts/check-bundle.mjs.
          experimentalInlineCommonChunks: {
            maxSize: 4096,
            exclude: (id: string) => !COPYABLE_MODULES.some((pattern) => pattern.test(id)),
          },
          groups: [
            // What every page runs first (React, the router, the query cache) as one file: one request and
            // one gzip stream compress better than the dozen small chunks automatic splitting makes of it.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
