import type { toast as sonnerToast } from 'sonner';

// sonner (~10 KB gzipped) stays out of the first load (its budget): the Toaster mounts from its own
// chunk (features/layout/lazy-toaster.tsx) and code in the first load raises toasts through lazyToast(),
// which waits for the module and for a mounted Toaster (a toast published before then would be lost).
let markMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called once the Toaster has subscribed to sonner's store. */
export function toasterReady(): void {
  markMounted();
}

export async function lazyToast(): Promise<typeof sonnerToast> {
  const [{ toast }] = await Promise.all([import('sonner'), toasterMounted]);
  return toast;
}
