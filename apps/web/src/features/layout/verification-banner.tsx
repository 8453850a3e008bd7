import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Alert, Button } from '../../components/ui';

/** Spec §4: a warning with a resend action, which turns into a success state once the link is sent. */
export function VerificationBanner() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const resend = useMutation({
    mutationFn: () => api.post<{ message: string }>('/email/verification-notification'),
    onSuccess: () => setSent(true),
  });
  if (sent) return <Alert type="success">{t('verification.resent')}</Alert>;
  return (
    <Alert
      type="warning"
      action={
        <Button color="yellow" size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('verification.resend')}
        </Button>
      }
    >
      {t('verification.notice')}
    </Alert>
  );
}
