import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TEAM_ROLES,
  TOAST_TIMEOUT_MS,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
} from '@storekeep/contracts';
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  RelativeTime,
  Select,
  Table,
  type Column,
} from '../../components/ui';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { MemberAccess, useFranchiseeOptions } from './member-companies';
import { useChangeRole, useRemoveMember } from './use-team';
import { can } from '../auth/permissions';

type MembersTableProps = { team: TeamDetail; currentUserId: number };

export function MembersTable({ team, currentUserId }: MembersTableProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // A new role takes effect at once and changes what the member may do: it is confirmed first, saying what.
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: TeamRole } | null>(null);
  const changeRole = useChangeRole(team.id);
  const remove = useRemoveMember(team.id);
  const roles = TEAM_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const leaving = removing?.id === currentUserId;
  const franchisees = useFranchiseeOptions(can(team.abilities, 'change_roles'));

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        if (leaving) {
          // The current team is gone for this user: start over on their next team.
          window.location.assign('/dashboard');
          return;
        }
        toast.success(t('team.removed', { name: removing.name }), { duration: TOAST_TIMEOUT_MS });
        setRemoving(null);
        void invalidateAfterWrite(queryKeys.team(team.id));
      },
    });
  };

  const confirmRoleChange = () => {
    if (!roleChange) return;
    const { member, role } = roleChange;
    changeRole.mutate(
      { member, role },
      {
        onSuccess: () => {
          toast.success(t('team.roleChanged', { name: member.name, role: t(`roles.${role}`) }), {
            duration: TOAST_TIMEOUT_MS,
          });
          setRoleChange(null);
        },
      },
    );
  };

  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      header: t('auth.name'),
      cell: (member) => (
        <div className="flex items-center gap-3">
          <Avatar name={member.name} />
          {/* A table cell grows to its content: the cap lets a long name or e-mail truncate on a phone, where the role would otherwise be cut off. */}
          <div className="max-w-36 min-w-0 sm:max-w-xs">
            <p className="truncate font-medium text-gray-900 dark:text-white">
              {member.name}
              {member.id === currentUserId && (
                <span className="font-normal text-gray-500 dark:text-gray-400"> ({t('team.you')})</span>
              )}
            </p>
            <p className="truncate text-xs text-gray-500 dark:text-gray-400">{member.email}</p>
          </div>
        </div>
      ),
    },
    {
      key: 'role',
      header: t('team.role'),
      cell: (member) =>
        member.is_owner ? (
          <Badge color="blue">{t('team.owner')}</Badge>
        ) : can(team.abilities, 'change_roles') && member.id !== currentUserId ? (
          <Select
            label={t('team.roleOf', { name: member.name })}
            hideLabel
            options={roles}
            value={member.role}
            containerClassName="w-36 [&>div:last-child]:mt-0"
            disabled={changeRole.isPending}
            onChange={(event) => setRoleChange({ member, role: event.target.value as TeamRole })}
          />
        ) : (
          <Badge>{t(`roles.${member.role}`)}</Badge>
        ),
    },
    {
      key: 'access',
      header: t('team.companies.access'),
      cell: (member) => <MemberAccess team={team} member={member} options={franchisees} />,
    },
    {
      key: 'joined',
      header: t('team.joined'),
      cell: (member) => <RelativeTime value={member.joined_at} />,
      hideOnMobile: true,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('team.actions')}</span>,
      className: 'text-right',
      cell: (member) => {
        if (member.is_owner) return null;
        if (member.id === currentUserId)
          return can(team.abilities, 'leave') ? (
            <Button color="white" size="sm" onClick={() => setRemoving(member)}>
              {t('team.leave')}
            </Button>
          ) : null;
        return can(team.abilities, 'remove_members') ? (
          <Button
            color="white"
            size="sm"
            className="text-red-600 dark:text-red-400"
            aria-label={`${t('team.remove')} ${member.name}`}
            onClick={() => setRemoving(member)}
          >
            {t('team.remove')}
          </Button>
        ) : null;
      },
    },
  ];

  return (
    <Card title={t('team.members')} description={t('team.membersText')}>
      <Table
        columns={columns}
        rows={team.members}
        rowKey={(member) => member.id}
        caption={t('team.members')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={
          leaving
            ? t('team.leaveTitle', { team: team.name })
            : t('team.removeTitle', { name: removing?.name })
        }
        message={
          leaving ? t('team.leaveText') : t('team.removeText', { name: removing?.name, team: team.name })
        }
        confirmLabel={leaving ? t('team.leave') : t('team.remove')}
        cancelLabel={t('common.cancel')}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
      <ConfirmDialog
        open={roleChange !== null}
        title={t('team.roleTitle', {
          name: roleChange?.member.name,
          role: roleChange ? t(`roles.${roleChange.role}`) : '',
        })}
        message={roleChange ? t(`team.roleText.${roleChange.role}`, { name: roleChange.member.name }) : ''}
        confirmLabel={t('team.roleConfirm')}
        cancelLabel={t('common.cancel')}
        color="blue"
        loading={changeRole.isPending}
        onClose={() => setRoleChange(null)}
        onConfirm={confirmRoleChange}
      />
    </Card>
  );
}
