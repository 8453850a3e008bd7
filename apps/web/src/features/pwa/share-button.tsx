import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';

/** Whether this browser can hand files to the system share sheet (phones, some desktops). */
function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || !navigator.canShare || !navigator.share) return false;
  try {
    return navigator.canShare({ files: [new File([''], 'probe.txt', { type: 'text/plain' })] });
  } catch {
    return false;
  }
}

/** Fetches the file and opens the share sheet; a failure or a dismissed sheet is ignored (spec §8). */
export async function shareFile(url: string, fileName: string, title: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return;
    const blob = await response.blob();
    const file = new File([blob], fileName, { type: blob.type || 'application/octet-stream' });
    if (!navigator.canShare({ files: [file] })) return;
    await navigator.share({ files: [file], title });
  } catch {
    // Spec §8: a file share failure on mobile is silently ignored.
  }
}

/** "Share" beside a download, where the Web Share API takes files; nothing elsewhere. */
export function ShareFileButton({ url, fileName, title }: { url: string; fileName: string; title: string }) {
  const { t } = useTranslation();
  if (!canShareFiles()) return null;
  return (
    <Button
      color="white"
      icon={<Share2 className="size-4" aria-hidden="true" />}
      onClick={() => void shareFile(url, fileName, title)}
    >
      {t('pwa.share')}
    </Button>
  );
}
