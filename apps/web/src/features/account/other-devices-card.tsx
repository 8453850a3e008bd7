import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS } from '@storekeep/contracts';
import { api } from '../../api/client';
import { Button, Card, ConfirmDialog } from '../../components/ui';

/** "Log out other devices": ends every other session of this user after a confirmation (API tokens stay). */
export function OtherDevicesCard() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const logout = useMutation({
    mutationFn: () =>
      api.post<{ data: { ended: number } }>('/users/logout-other-devices').then((r) => r.data),
    onSuccess: ({ ended }) => {
      setConfirming(false);
      toast.success(t('profile.otherDevicesDone', { count: ended }), { duration: TOAST_TIMEOUT_MS });
    },
  });

  return (
    <Card
      title={t('profile.otherDevicesTitle')}
      description={t('profile.otherDevicesText')}
      footer={
        <Button color="white" onClick={() => setConfirming(true)}>
          {t('profile.otherDevicesButton')}
        </Button>
      }
    >
      <ConfirmDialog
        open={confirming}
        title={t('profile.otherDevicesConfirmTitle')}
        message={t('profile.otherDevicesConfirmText')}
        confirmLabel={t('profile.otherDevicesButton')}
        cancelLabel={t('common.cancel')}
        loading={logout.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => logout.mutate()}
      />
    </Card>
  );
}
