import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton, buttonClasses } from '../components/ui';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { useLogout } from '../features/auth/use-logout';
import { BillingActions } from '../features/billing/billing-actions';
import { useBilling } from '../features/billing/use-billing';
import { SUPPORT_EMAIL } from '../features/errors/error-view';
import { OtherTeams } from '../features/teams/team-switcher';

/**
 * Where the owner of a canceled or inactive team lands (spec §4): subscribe again through Stripe
 * Checkout (or fix the payment in the Customer Portal) right here — the rest of the app is closed, but
 * the user's other teams are offered too.
 */
export function Component() {
  const { t } = useTranslation();
  const logout = useLogout();
  const user = useRequiredUser();
  const teamId = user.team_id ?? 0;
  const billing = useBilling(teamId);
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-950">
        <CreditCard className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('reactivate.title')}
      </h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('reactivate.text')}</p>
      <div className="mt-6 flex flex-col gap-3">
        {billing.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : billing.data?.enabled ? (
          <BillingActions
            teamId={teamId}
            billing={billing.data}
            fullWidth
            subscribeLabel={t('reactivate.action')}
          />
        ) : (
          <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
            {t('reactivate.billingOff')}
          </p>
        )}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses('white', 'md', 'w-full')}>
          {t('errors.contactSupport')}
        </a>
        <Button color="transparent" onClick={() => logout.mutate()} loading={logout.isPending}>
          {t('menu.logout')}
        </Button>
      </div>
      <div className="flex justify-center">
        <OtherTeams user={user} />
      </div>
    </div>
  );
}
