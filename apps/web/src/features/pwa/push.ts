import type { Device } from '@storekeep/contracts';
import { api } from '../../api/client';

/** Where the app keeps its device token between login and logout (spec §7: removed on logout). */
const TOKEN_KEY = 'storekeep.pushDevice';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser to pushes for the signed-in user and registers it with the server. Asks
 * for permission only when `ask` (a click); otherwise only renews a subscription already allowed.
 */
export async function subscribeToPush(ask: boolean): Promise<NotificationPermission> {
  if (!pushSupported()) return 'denied';
  const permission = ask ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  const { data: key } = await api.get<{ data: { public_key: string } }>('/push/key', {
    silentProgress: true,
  });
  let subscription = await registration.pushManager.getSubscription();
  const serverKey = applicationServerKey(key.public_key);
  const current = subscription?.options.applicationServerKey;
  // A subscription made for another key (the server's keys changed) cannot receive our pushes.
  if (subscription && current && !sameBytes(new Uint8Array(current), serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const { data } = await api.post<{ data: Device }>('/devices', subscription.toJSON(), {
    silentProgress: true,
  });
  localStorage.setItem(TOKEN_KEY, data.token);
  return permission;
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Logout: the server forgets this device (DELETE /devices/{token}), the token leaves storage and the
 * browser's subscription ends, so the next person signing in here gets none of these pushes. Never
 * throws: logging out must not depend on it.
 */
export async function forgetPushDevice(): Promise<void> {
  const token = localStorage.getItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
  try {
    if (token) await api.delete(`/devices/${encodeURIComponent(token)}`, { silentProgress: true });
  } catch {
    // Already gone, or the session ended first: nothing left to undo.
  }
  try {
    const registration = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // No service worker here.
  }
}
