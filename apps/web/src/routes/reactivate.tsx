import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../components/ui';
import { useLogout } from '../features/auth/use-logout';
import { SUPPORT_EMAIL } from '../features/errors/error-view';

export function Component() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-950">
        <CreditCard className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{t('reactivate.title')}</h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('reactivate.text')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/account/billing" className={buttonClasses('blue', 'md', 'w-full')}>
          {t('reactivate.action')}
        </Link>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses('white', 'md', 'w-full')}>
          {t('errors.contactSupport')}
        </a>
        <Button color="transparent" onClick={() => logout.mutate()} loading={logout.isPending}>
          {t('menu.logout')}
        </Button>
      </div>
    </div>
  );
}
