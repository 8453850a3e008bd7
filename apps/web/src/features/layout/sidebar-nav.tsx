import clsx from 'clsx';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui';
import { navItems, showsNavItem } from './nav-items';

/** `wholeTeam`: the user sees the team's every section (false: a franchisee's stores and sales alone). */
type SidebarNavProps = { notifications: number; wholeTeam: boolean; onNavigate?: () => void };

export function SidebarNav({ notifications, wholeTeam, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.mainNavigation')}>
      <ul className="flex flex-col gap-1">
        {navItems
          .filter((item) => showsNavItem(item, wholeTeam))
          .map((item) => {
            const Icon = item.icon;
            const count = item.badge === 'notifications' ? notifications : 0;
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    clsx(
                      'group flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium lg:min-h-10',
                      isActive
                        ? 'bg-blue-50 text-blue-700 dark:bg-gray-800 dark:text-white'
                        : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0 opacity-80" aria-hidden="true" />
                  <span className="flex-1">{t(item.labelKey)}</span>
                  {count > 0 && (
                    <Badge color="red" label={t('nav.unread', { count })}>
                      {count > 99 ? '99+' : count}
                    </Badge>
                  )}
                </NavLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
