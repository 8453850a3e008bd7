import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui';
import { pushSupported, subscribeToPush } from './push';

/**
 * "Notify me on this device" on the notifications page, where browsers allow it and the user has not
 * decided yet. Once allowed, each visit renews the subscription silently (new keys, another user).
 */
export function PushToggle() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermission | null>(() =>
    pushSupported() ? Notification.permission : null,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (permission === 'granted') void subscribeToPush(false).catch(() => undefined);
  }, [permission]);

  if (permission === null || permission === 'granted') return null;
  if (permission === 'denied')
    return <p className="text-sm text-gray-500 dark:text-gray-400">{t('pwa.push.denied')}</p>;
  return (
    <Button
      color="white"
      disabled={busy}
      icon={<BellRing className="size-4" aria-hidden="true" />}
      onClick={async () => {
        setBusy(true);
        try {
          const result = await subscribeToPush(true);
          setPermission(result);
          if (result === 'granted') toast.success(t('pwa.push.enabled'));
        } catch {
          toast.error(t('pwa.push.failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('pwa.push.enable')}
    </Button>
  );
}
