import { useTranslation } from 'react-i18next';
import { PageHeader, Skeleton } from '../components/ui';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { InviteForm } from '../features/teams/invite-form';
import { MembersTable } from '../features/teams/members-table';
import { PendingInvitations } from '../features/teams/pending-invitations';
import { ReminderSettingsCard } from '../features/teams/reminder-settings-form';
import { can } from '../features/auth/permissions';
import { TeamExportCard } from '../features/teams/team-export-card';
import { TeamNameForm } from '../features/teams/team-name-form';
import { useTeam } from '../features/teams/use-team';

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const { data: team, isPending } = useTeam(user.team_id ?? 0);

  if (isPending || !team)
    return (
      <>
        <PageHeader title={t('team.title')} />
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </>
    );

  return (
    <>
      <PageHeader title={t('team.title')} description={team.name} />
      <div className="flex flex-col gap-8">
        <TeamNameForm key={team.name} team={team} />
        <MembersTable team={team} currentUserId={user.id} />
        {can(team.abilities, 'invite') && (
          <>
            <InviteForm teamId={team.id} />
            <PendingInvitations teamId={team.id} invitations={team.invitations} />
          </>
        )}
        {can(user, 'team.admin') && <ReminderSettingsCard teamId={team.id} />}
        {can(user, 'team.admin') && <TeamExportCard />}
      </div>
    </>
  );
}
