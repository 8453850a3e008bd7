import { useMutation } from '@tanstack/react-query';
import { Check, ChevronDown, ClipboardList, CreditCard, LogOut, SlidersHorizontal, UserRound, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@storekeep/contracts';
import { api } from '../../api/client';
import { Avatar, Dropdown, DropdownItem, DropdownSection, DropdownSeparator } from '../../components/ui';
import { isAdmin, isOwner } from '../auth/permissions';
import { useLogout } from '../auth/use-logout';

const icon = 'size-4 text-gray-400';

/** The profile dropdown of spec §2/§6: which links show depends on demo, owner and admin. */
export function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const switchTeam = useMutation({
    mutationFn: (teamId: number) => api.patch<{ data: AuthUser }>(`/teams/${teamId}/switch`),
    // The whole app state belongs to the old team; a full reload is simplest and safest.
    onSuccess: () => window.location.reload(),
  });

  return (
    <Dropdown
      buttonClassName="min-h-11 min-w-11 justify-center gap-2 rounded-full p-1 hover:bg-gray-100 sm:pr-2 dark:hover:bg-gray-800"
      button={
        <>
          <Avatar name={user.name} />
          <span className="hidden max-w-40 truncate text-sm font-medium text-gray-700 md:block dark:text-gray-200">{user.name}</span>
          {/* Named by its content, not an aria-label, so the name always includes the visible name (WCAG 2.5.3). */}
          <span className="sr-only">{t('menu.open')}</span>
          <ChevronDown className="hidden size-4 text-gray-400 md:block" aria-hidden="true" />
        </>
      }
    >
      <div className="px-4 py-2">
        <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{user.name}</p>
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">{user.email}</p>
      </div>
      <DropdownSeparator />
      {!user.is_demo && (
        <DropdownItem to="/account/profile" icon={<UserRound className={icon} aria-hidden="true" />}>
          {t('menu.editProfile')}
        </DropdownItem>
      )}
      {!user.is_demo && isOwner(user) && (
        <DropdownItem to="/account/billing" icon={<CreditCard className={icon} aria-hidden="true" />}>
          {t('menu.billing')}
        </DropdownItem>
      )}
      {isAdmin(user) && (
        <>
          <DropdownItem to="/account/team" icon={<UsersRound className={icon} aria-hidden="true" />}>
            {t('menu.team')}
          </DropdownItem>
          <DropdownItem to="/account/attributes" icon={<SlidersHorizontal className={icon} aria-hidden="true" />}>
            {t('menu.attributes')}
          </DropdownItem>
        </>
      )}
      <DropdownItem to="/activities" icon={<ClipboardList className={icon} aria-hidden="true" />}>
        {t('menu.auditLogs')}
      </DropdownItem>
      {user.teams.length > 1 && (
        <>
          <DropdownSeparator />
          <DropdownSection heading={t('menu.switchTeam')}>
            {user.teams.map((team) => {
              const current = team.id === user.team_id;
              return (
                <DropdownItem
                  key={team.id}
                  onClick={() => !current && switchTeam.mutate(team.id)}
                  icon={current ? <Check className="size-4 text-blue-600" aria-label={t('menu.currentTeam')} /> : <span className="size-4" />}
                >
                  <span className={current ? 'font-semibold' : undefined} aria-current={current ? 'true' : undefined}>
                    {team.name}
                  </span>
                </DropdownItem>
              );
            })}
          </DropdownSection>
        </>
      )}
      <DropdownSeparator />
      <DropdownItem onClick={() => logout.mutate()} icon={<LogOut className={icon} aria-hidden="true" />}>
        {t('menu.logout')}
      </DropdownItem>
    </Dropdown>
  );
}
