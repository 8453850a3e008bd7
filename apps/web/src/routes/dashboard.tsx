import { CalendarClock, CalendarX2, DollarSign, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, PageHeader } from '../components/ui';
import { canManage } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { StatCard } from '../features/dashboard/stat-card';
import { StoreList } from '../features/dashboard/store-list';
import { emptyStats, useDashboard } from '../features/dashboard/use-dashboard';
import { formatCount, formatUsd } from '../lib/format';

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const { data, isPending } = useDashboard();
  const stats = data?.stats ?? emptyStats;
  // The e-mail verification link lands here with ?verified=1.
  const [params] = useSearchParams();
  return (
    <>
      {params.get('verified') === '1' && (
        <Alert type="success" className="mb-6">
          {t('verification.verified')}
        </Alert>
      )}
      <PageHeader title={t('dashboard.title')} />
      <section aria-label={t('dashboard.title')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t('dashboard.expenditure')} value={formatUsd(stats.expenditure)} icon={DollarSign} loading={isPending} />
        <StatCard label={t('dashboard.locations')} value={formatCount(stats.locations)} icon={MapPin} loading={isPending} />
        <StatCard label={t('dashboard.nearExpiration')} value={formatCount(stats.near_expiration)} icon={CalendarX2} loading={isPending} />
        <StatCard label={t('dashboard.nearRenewal')} value={formatCount(stats.near_renewal_notice)} icon={CalendarClock} loading={isPending} />
      </section>
      <section className="mt-8">
        <h2 className="mb-4 text-lg font-semibold text-gray-900 dark:text-white">{t('dashboard.stores')}</h2>
        <StoreList stores={data?.stores ?? []} loading={isPending} canCreate={canManage(user)} />
      </section>
    </>
  );
}
