/// <reference types="vite-plugin-pwa/react" />
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { lazyToast } from '../../lib/lazy-toast';

const HOUR = 60 * 60 * 1000;

/**
 * Registers the service worker (built apps only) and, when a new release has been installed, offers
 * to reload into it with a toast that stays until answered; the page never swaps under the user.
 */
export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A phone app stays open for days: look for a release every hour as well as on each load.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), HOUR);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    void lazyToast().then((toast) =>
      toast(t('pwa.updateReady'), {
        id: 'sw-update',
        duration: Infinity,
        action: { label: t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
      }),
    );
  }, [needRefresh, t, updateServiceWorker]);

  return null;
}
