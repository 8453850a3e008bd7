import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { loadLaterStrings } from '../../i18n';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { RequestProgressBar } from './request-progress-bar';

// Its own chunk: nothing needs a toast before the first paint (lib/lazy-toast.ts).
const Toaster = lazy(() => import('./toaster'));
// Its own chunk too, outside the first load's budget: the registration waits for the first paint anyway.
const ServiceWorkerUpdates = lazy(() =>
  import('../pwa/service-worker-updates').then((module) => ({ default: module.ServiceWorkerUpdates })),
);

/**
 * Everything every screen shares: toasts (top-centre, spec §9), the request progress bar. The toaster's
 * chunk and the service worker's registration (workbox-window) wait for the first paint: fetched, run and
 * rendered before it, they held back the dashboard's largest paint (a toast raised meanwhile waits, see
 * lib/lazy-toast.ts). So do the strings of the other screens (i18n.ts), for the next click.
 */
export function RootLayout() {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) loadLaterStrings().catch(() => undefined);
  }, [painted]);
  return (
    <>
      <RequestProgressBar />
      <Outlet />
      {painted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
      {painted && (
        <Suspense fallback={null}>
          <ServiceWorkerUpdates />
        </Suspense>
      )}
    </>
  );
}
