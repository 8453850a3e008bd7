import { useTranslation } from 'react-i18next';
import { Alert, Skeleton } from '../../components/ui';

/** What the invitation pages show before an invitation is known to be valid. */
export function InvitationStatus({
  token,
  isPending,
  isError,
}: {
  token?: string;
  isPending: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation();
  if (!token) return <Alert type="error">{t('invitation.missing')}</Alert>;
  if (isError) return <Alert type="error">{t('invitation.invalid')}</Alert>;
  if (isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  return null;
}
