import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_TIMEOUT_MS } from '@storekeep/contracts';
import { RequestProgressBar } from './request-progress-bar';
import { ServiceWorkerUpdates } from '../pwa/service-worker-updates';

/** Everything every screen shares: toasts (top-centre, spec §9), the request progress bar. */
export function RootLayout() {
  return (
    <>
      <RequestProgressBar />
      <Outlet />
      <Toaster position="top-center" duration={TOAST_TIMEOUT_MS} closeButton richColors toastOptions={{ className: 'whitespace-pre-line' }} />
      <ScrollRestoration />
      <ServiceWorkerUpdates />
    </>
  );
}
