import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
// sonner's stylesheet as a file, not its injected <style> (the CSP allows no inline styles; vite.config.ts).
import 'sonner/dist/styles.css';
import { TOAST_TIMEOUT_MS } from '@storekeep/contracts';
import { toasterReady } from '../../lib/lazy-toast';

// Below the app's 4 rem top bar (and a phone's notch), so a toast never covers the search box or the bell.
const BELOW_TOP_BAR = { top: 'calc(4.75rem + env(safe-area-inset-top, 0px))' };

/** Toasts top-centre (spec §9). Loaded lazily by RootLayout; see lib/lazy-toast.ts. */
export default function Toaster() {
  // Runs after SonnerToaster's own effect has subscribed to the toast store (children's effects run first).
  useEffect(toasterReady, []);
  return (
    <SonnerToaster
      position="top-center"
      offset={BELOW_TOP_BAR}
      mobileOffset={BELOW_TOP_BAR}
      duration={TOAST_TIMEOUT_MS}
      closeButton
      richColors
      toastOptions={{ className: 'whitespace-pre-line' }}
    />
  );
}
