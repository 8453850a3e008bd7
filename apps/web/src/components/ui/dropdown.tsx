import {
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuHeading,
  MenuSeparator,
} from '@headlessui/react';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type DropdownProps = {
  /** Content of the trigger button. */
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName?: string;
  children: ReactNode;
  align?: 'left' | 'right';
};

/** A menu button (Headless UI Menu): keyboard navigable, closes on an outside click or Escape. */
export function Dropdown({ button, buttonLabel, buttonClassName, children, align = 'right' }: DropdownProps) {
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={buttonLabel}
        className={clsx('flex items-center rounded-full', buttonClassName)}
      >
        {button}
      </MenuButton>
      <MenuItems
        transition
        anchor={align === 'right' ? 'bottom end' : 'bottom start'}
        className="z-40 mt-2 w-60 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-900/5 transition duration-100 [--anchor-gap:4px] focus:outline-none data-closed:scale-95 data-closed:opacity-0 dark:bg-gray-900 dark:ring-white/10"
      >
        {children}
      </MenuItems>
    </Menu>
  );
}

const itemClasses =
  'flex min-h-11 w-full items-center gap-2 px-4 py-2.5 text-left text-sm sm:min-h-0 text-gray-700 data-focus:bg-gray-100 data-focus:text-gray-900 dark:text-gray-300 dark:data-focus:bg-gray-800 dark:data-focus:text-white';

type DropdownItemProps = { children: ReactNode; icon?: ReactNode } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
);

export function DropdownItem({ children, icon, to, onClick }: DropdownItemProps) {
  return (
    <MenuItem>
      {to !== undefined ? (
        <Link to={to} className={itemClasses}>
          {icon}
          {children}
        </Link>
      ) : (
        <button type="button" onClick={onClick} className={itemClasses}>
          {icon}
          {children}
        </button>
      )}
    </MenuItem>
  );
}

export function DropdownSection({ heading, children }: { heading?: ReactNode; children: ReactNode }) {
  return (
    <MenuSection>
      {heading && (
        <MenuHeading className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
          {heading}
        </MenuHeading>
      )}
      {children}
    </MenuSection>
  );
}

export function DropdownSeparator() {
  return <MenuSeparator className="my-1 h-px bg-gray-200 dark:bg-gray-800" />;
}
