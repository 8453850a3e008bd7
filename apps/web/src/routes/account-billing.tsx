import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Billing, SubscriptionStatus } from '@storekeep/contracts';
import { Alert, Badge, Card, PageHeader, Skeleton, type BadgeColor } from '../components/ui';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { BillingActions } from '../features/billing/billing-actions';
import { useBilling } from '../features/billing/use-billing';

const STATUS_COLOR: Record<SubscriptionStatus, BadgeColor> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  inactive: 'red',
};

function formatMoney(amount: number | null, currency: string, locale: string) {
  if (amount === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    amount,
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-gray-900 dark:text-white">{label}</dt>
      <dd className="mt-1 text-sm text-gray-700 sm:col-span-2 sm:mt-0 dark:text-gray-300">{children}</dd>
    </div>
  );
}

function Details({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  const none = t('billing.none');
  return (
    <dl className="divide-y divide-gray-100 dark:divide-gray-800">
      <Row label={t('billing.plan')}>
        {billing.plan
          ? `${billing.plan.name} · ${formatMoney(billing.plan.amount, billing.plan.currency, i18n.language)}${billing.plan.interval ? ` / ${t(`billing.interval.${billing.plan.interval}`, { defaultValue: billing.plan.interval })}` : ''}`
          : none}
      </Row>
      <Row label={t('billing.status')}>
        <Badge color={STATUS_COLOR[billing.status]}>{t(`billing.statuses.${billing.status}`)}</Badge>
      </Row>
      <Row label={t('billing.nextInvoice')}>
        {billing.next_invoice
          ? `${new Date(billing.next_invoice.date).toLocaleDateString(i18n.language, { dateStyle: 'long' })} · ${formatMoney(billing.next_invoice.amount, billing.next_invoice.currency, i18n.language)}`
          : none}
      </Row>
      <Row label={t('billing.paymentMethod')}>
        {billing.payment_method
          ? t('billing.card', {
              brand: billing.payment_method.brand.toUpperCase(),
              last4: billing.payment_method.last4,
              expiry: billing.payment_method.exp_month
                ? `${String(billing.payment_method.exp_month).padStart(2, '0')}/${billing.payment_method.exp_year}`
                : '',
            })
          : none}
      </Row>
    </dl>
  );
}

/** /account/billing (team owner, not the demo user): the team's Stripe subscription, or a note that billing is off. */
export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const teamId = user.team_id ?? 0;
  const { data: billing, isPending } = useBilling(teamId);
  const [params] = useSearchParams();

  return (
    <>
      <PageHeader title={t('billing.title')} description={t('billing.description')} />
      {params.get('checkout') === 'success' && (
        <Alert type="success" className="mb-6">
          {t('billing.thanks')}
        </Alert>
      )}
      {isPending || !billing ? (
        <Skeleton className="h-64 w-full" />
      ) : !billing.enabled ? (
        <Card title={t('billing.offTitle')}>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('billing.offText')}</p>
        </Card>
      ) : (
        <Card title={t('billing.subscription')} footer={<BillingActions teamId={teamId} billing={billing} />}>
          {billing.status === 'past_due' && (
            <Alert type="warning" className="mb-4">
              {t('billing.pastDue')}
            </Alert>
          )}
          <Details billing={billing} />
        </Card>
      )}
    </>
  );
}
