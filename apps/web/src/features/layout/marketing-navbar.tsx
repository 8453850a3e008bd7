import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui';
import { useAuthUser } from '../auth/use-auth-user';
import { Logo } from './logo';

const linkClasses =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white';

export function MarketingNavbar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: user } = useAuthUser();
  const links = [
    { href: '/#features', label: t('marketing.features') },
    { href: '/#pricing', label: t('marketing.pricing') },
    { href: '/#demo', label: t('marketing.demo') },
  ];
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200/80 pt-[env(safe-area-inset-top)] bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
        aria-label="Global"
      >
        <Logo />
        <div className="hidden items-center gap-2 md:flex">
          {links.map((link) => (
            <a key={link.href} href={link.href} className={linkClasses}>
              {link.label}
            </a>
          ))}
        </div>
        <div className="hidden items-center gap-3 md:flex">
          {user ? (
            <Link to="/dashboard" className={buttonClasses('blue', 'sm')}>
              {t('nav.dashboard')}
            </Link>
          ) : (
            <>
              <Link to="/login" className={linkClasses}>
                {t('marketing.login')}
              </Link>
              <Link to="/register" className={buttonClasses('blue', 'sm')}>
                {t('marketing.getStarted')}
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 md:hidden dark:text-gray-300 dark:hover:bg-gray-800"
          aria-expanded={open}
          aria-controls="marketing-mobile-menu"
          aria-label={open ? t('marketing.closeMenu') : t('marketing.openMenu')}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      <div
        id="marketing-mobile-menu"
        className={clsx(
          'border-t border-gray-200 px-4 pb-4 md:hidden dark:border-gray-800',
          !open && 'hidden',
        )}
      >
        <div className="flex flex-col py-2">
          {links.map((link) => (
            <a key={link.href} href={link.href} className={linkClasses} onClick={close}>
              {link.label}
            </a>
          ))}
          {user ? (
            <Link to="/dashboard" className={linkClasses} onClick={close}>
              {t('nav.dashboard')}
            </Link>
          ) : (
            <Link to="/login" className={linkClasses} onClick={close}>
              {t('marketing.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
