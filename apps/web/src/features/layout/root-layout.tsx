import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RequestProgressBar } from './request-progress-bar';
import { ServiceWorkerUpdates } from '../pwa/service-worker-updates';

// Its own chunk: nothing needs a toast before the first paint (lib/lazy-toast.ts).
const Toaster = lazy(() => import('./toaster'));

/** Everything every screen shares: toasts (top-centre, spec §9), the request progress bar. */
export function RootLayout() {
  return (
    <>
      <RequestProgressBar />
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
      <ServiceWorkerUpdates />
    </>
  );
}
