import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS } from '@storekeep/contracts';

/**
 * Copies a secret shown once (a calendar link, an API token) and says whether it worked. Clipboard access can
 * be refused (insecure origin, permissions); the text stays selectable on the page, so failing is only a toast.
 */
export async function copyText(text: string, messages: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied, { duration: TOAST_TIMEOUT_MS });
  } catch {
    toast.error(messages.failed);
  }
}
