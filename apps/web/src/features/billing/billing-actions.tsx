import { useTranslation } from 'react-i18next';
import type { Billing } from '@storekeep/contracts';
import { Button } from '../../components/ui';
import { useBillingRedirect } from './use-billing';

/** Subscribe (Checkout) when the team has no running subscription; Manage billing (Portal) once it has a customer. */
export function BillingActions({
  teamId,
  billing,
  fullWidth = false,
  subscribeLabel,
}: {
  teamId: number;
  billing: Billing;
  fullWidth?: boolean;
  subscribeLabel?: string;
}) {
  const { t } = useTranslation();
  const checkout = useBillingRedirect(teamId, 'checkout');
  const portal = useBillingRedirect(teamId, 'portal');
  const subscribed =
    billing.has_customer &&
    billing.plan !== null &&
    billing.status !== 'canceled' &&
    billing.status !== 'inactive';
  const width = fullWidth ? 'w-full' : undefined;
  return (
    <>
      {!subscribed && (
        <Button
          className={width}
          onClick={() => checkout.mutate()}
          loading={checkout.isPending || checkout.isSuccess}
        >
          {subscribeLabel ?? t('billing.subscribe')}
        </Button>
      )}
      {billing.has_customer && (
        <Button
          className={width}
          color={subscribed ? 'blue' : 'white'}
          onClick={() => portal.mutate()}
          loading={portal.isPending || portal.isSuccess}
        >
          {t('billing.manage')}
        </Button>
      )}
    </>
  );
}
