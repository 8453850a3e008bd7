import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type TeamInvitation } from '@storekeep/contracts';
import { Badge, Button, Card } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useCancelInvitation } from './use-team';

export function PendingInvitations({ teamId, invitations }: { teamId: number; invitations: TeamInvitation[] }) {
  const { t } = useTranslation();
  const cancel = useCancelInvitation(teamId);
  return (
    <Card title={t('team.pending')} description={t('team.pendingText')}>
      {invitations.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('team.noPending')}</p>
      ) : (
        <ul className="-my-3 divide-y divide-gray-100 dark:divide-gray-800">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{invitation.email}</p>
                <p className="mt-0.5 flex items-center gap-2 text-xs text-gray-500">
                  <Badge>{t(`roles.${invitation.role}`)}</Badge>
                  {formatDate(invitation.created_at)}
                </p>
              </div>
              <Button
                color="white"
                size="sm"
                aria-label={`${t('team.cancel')}: ${invitation.email}`}
                loading={cancel.isPending && cancel.variables?.id === invitation.id}
                onClick={() =>
                  cancel.mutate(invitation, {
                    onSuccess: () => toast.success(t('team.cancelled', { email: invitation.email }), { duration: TOAST_TIMEOUT_MS }),
                  })
                }
              >
                {t('team.cancel')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
