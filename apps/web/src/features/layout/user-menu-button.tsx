import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@storekeep/contracts';
import { Avatar } from '../../components/ui/avatar';

export const userMenuButtonClass =
  'min-h-11 min-w-11 justify-center gap-2 rounded-full p-1 hover:bg-gray-100 sm:pr-2 dark:hover:bg-gray-800';

/** What the user menu's trigger shows: the menu's button, and its stand-in while the menu's chunk loads. */
export function UserMenuButtonContent({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Avatar name={user.name} />
      <span className="hidden max-w-40 truncate text-sm font-medium text-gray-700 md:block dark:text-gray-200">
        {user.name}
      </span>
      {/* Named by its content, not an aria-label, so the name always includes the visible name (WCAG 2.5.3). */}
      <span className="sr-only">{t('menu.open')}</span>
      <ChevronDown className="hidden size-4 text-gray-400 md:block" aria-hidden="true" />
    </>
  );
}

/** The trigger, inert, for the moment before the menu's chunk has arrived (same look, so nothing shifts). */
export function UserMenuPlaceholder({ user }: { user: AuthUser }) {
  return (
    <button type="button" disabled className={clsx('flex items-center rounded-full', userMenuButtonClass)}>
      <UserMenuButtonContent user={user} />
    </button>
  );
}
