import {
  CalendarClock,
  Check,
  ClipboardList,
  CreditCard,
  Landmark,
  LogOut,
  Receipt,
  SlidersHorizontal,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@storekeep/contracts';
import { Dropdown, DropdownItem, DropdownSection, DropdownSeparator } from '../../components/ui';
import { can } from '../auth/permissions';
import { useLogout } from '../auth/use-logout';
import { useSwitchTeam } from '../teams/team-switcher';
import { UserMenuButtonContent, userMenuButtonClass } from './user-menu-button';

const icon = 'size-4 text-gray-400';

/**
 * The profile dropdown of spec §2/§6: a link shows only when `can()` says its page would open. Its own chunk
 * (with Headless UI's menu), loaded lazily by top-bar.tsx.
 */
export default function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const switchTeam = useSwitchTeam();

  return (
    <Dropdown buttonClassName={userMenuButtonClass} button={<UserMenuButtonContent user={user} />}>
      <div className="px-4 py-2">
        <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{user.name}</p>
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">{user.email}</p>
      </div>
      <DropdownSeparator />
      {can(user, 'profile.edit') && (
        <DropdownItem to="/account/profile" icon={<UserRound className={icon} aria-hidden="true" />}>
          {t('menu.editProfile')}
        </DropdownItem>
      )}
      {can(user, 'billing.manage') && (
        <DropdownItem to="/account/billing" icon={<CreditCard className={icon} aria-hidden="true" />}>
          {t('menu.billing')}
        </DropdownItem>
      )}
      {can(user, 'team.browse') && (
        <DropdownItem to="/payables" icon={<Receipt className={icon} aria-hidden="true" />}>
          {t('menu.payables')}
        </DropdownItem>
      )}
      {/* Managers and admins: the page's settings, closes and disclosures are the books', not an observer's. */}
      {can(user, 'records.write') && (
        <DropdownItem to="/lease-accounting" icon={<Landmark className={icon} aria-hidden="true" />}>
          {t('menu.leaseAccounting')}
        </DropdownItem>
      )}
      {/* Managers read the disclosure calendar's deadlines; admins also set its rules (the page says which). */}
      {can(user, 'records.write') && (
        <DropdownItem to="/franchise-calendar" icon={<CalendarClock className={icon} aria-hidden="true" />}>
          {t('menu.franchiseCalendar')}
        </DropdownItem>
      )}
      {can(user, 'team.admin') && (
        <>
          <DropdownItem to="/account/team" icon={<UsersRound className={icon} aria-hidden="true" />}>
            {t('menu.team')}
          </DropdownItem>
          <DropdownItem
            to="/account/attributes"
            icon={<SlidersHorizontal className={icon} aria-hidden="true" />}
          >
            {t('menu.attributes')}
          </DropdownItem>
          <DropdownItem to="/activities" icon={<ClipboardList className={icon} aria-hidden="true" />}>
            {t('menu.auditLogs')}
          </DropdownItem>
        </>
      )}
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
                  icon={
                    current ? (
                      <Check className="size-4 text-blue-600" aria-label={t('menu.currentTeam')} />
                    ) : (
                      <span className="size-4" />
                    )
                  }
                >
                  <span
                    className={current ? 'font-semibold' : undefined}
                    aria-current={current ? 'true' : undefined}
                  >
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
