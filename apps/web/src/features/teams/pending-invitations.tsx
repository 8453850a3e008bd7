import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type TeamInvitation } from '@storekeep/contracts';
import { Badge, Button, Card, RelativeTime, Table, type Column } from '../../components/ui';
import { useCancelInvitation } from './use-team';

export function PendingInvitations({
  teamId,
  invitations,
}: {
  teamId: number;
  invitations: TeamInvitation[];
}) {
  const { t } = useTranslation();
  const cancel = useCancelInvitation(teamId);
  const columns: Column<TeamInvitation>[] = [
    {
      key: 'email',
      header: t('auth.email'),
      cell: (invitation) => (
        <span className="font-medium text-gray-900 dark:text-white">{invitation.email}</span>
      ),
    },
    {
      key: 'role',
      header: t('team.role'),
      cell: (invitation) => <Badge>{t(`roles.${invitation.role}`)}</Badge>,
    },
    {
      key: 'sent',
      header: t('team.sent'),
      cell: (invitation) => <RelativeTime value={invitation.created_at} />,
      hideOnMobile: true,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('team.actions')}</span>,
      className: 'text-right',
      cell: (invitation) => (
        <Button
          color="white"
          size="sm"
          aria-label={`${t('team.cancel')}: ${invitation.email}`}
          loading={cancel.isPending && cancel.variables?.id === invitation.id}
          onClick={() =>
            cancel.mutate(invitation, {
              onSuccess: () =>
                toast.success(t('team.cancelled', { email: invitation.email }), {
                  duration: TOAST_TIMEOUT_MS,
                }),
            })
          }
        >
          {t('common.cancel')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('team.pending')} description={t('team.pendingText')}>
      {invitations.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('team.noPending')}</p>
      ) : (
        <Table
          columns={columns}
          rows={invitations}
          rowKey={(invitation) => invitation.id}
          caption={t('team.pending')}
        />
      )}
    </Card>
  );
}
