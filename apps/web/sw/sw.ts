/// <reference lib="webworker" />
// The service worker of the installed app (vite-plugin-pwa, injectManifest). It precaches the built
// shell assets (hashed JS, CSS, icons, the offline page) and nothing else: API answers and files carry
// user data and always go to the network. Navigations go to the network too (the server's HTML stays
// authoritative) and fall back to the offline page without a connection.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/app\//, /^\/healthz/] }));
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});

// A new release waits until the page's "Reload" (sonner toast) asks it to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

type PushMessage = { title?: string; body?: string; url?: string; tag?: string };

self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'Storekeep', {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url ?? '/reminders' },
    }),
  );
});

// The click opens the reminder: in an open Storekeep window when there is one, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/reminders',
    self.location.origin,
  );
  const url =
    target.origin === self.location.origin ? target.href : new URL('/reminders', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // focus() may be refused (no user activation on some platforms); the navigation matters more.
        await open.focus().catch(() => undefined);
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
