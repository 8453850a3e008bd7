import { CalendarClock, CalendarX2, DollarSign, MapPin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DashboardMapStore } from '@storekeep/contracts';
import { Alert, Card, Skeleton, PageHeader } from '../components/ui';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { CriticalDatesTimeline } from '../features/dashboard/critical-dates-timeline';
import { LeaseExpiryChart } from '../features/dashboard/lease-expiry-chart';
import { OverdueCard } from '../features/dashboard/overdue-card';
import { MapLegend } from '../features/dashboard/map-legend';
import { StatCard } from '../features/dashboard/stat-card';
import { StoreList } from '../features/dashboard/store-list';
import { emptyStats, useDashboard } from '../features/dashboard/use-dashboard';
import { formatCount, formatUsd, formatUsdCompact, isoDayFromToday } from '../lib/format';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { loadLaterStrings } from '../i18n';

// A new team's checklist: its own chunk, with the strings it needs, after the first paint.
const GettingStartedCard = lazy(() =>
  Promise.all([import('../features/dashboard/getting-started'), loadLaterStrings()]).then(
    ([module]) => module,
  ),
);

// Below the fold, in its own chunk with the strings it needs, after the first paint.
const OccupancyRankingCard = lazy(() =>
  Promise.all([import('../features/occupancy/ranking-card'), loadLaterStrings()]).then(([module]) => module),
);

// Leaflet is imported only inside this chunk, never by the first bundle.
const StoreMap = lazy(() => import('../features/dashboard/store-map'));

/** The dashboard's located stores (from GET /dashboard), coloured by their nearest deadline. */
function MapSection({ stores, painted }: { stores: DashboardMapStore[] | undefined; painted: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboardExtra.map')}>
      {stores && painted ? (
        <Suspense fallback={<Skeleton className="h-80 w-full" />}>
          <StoreMap stores={stores} />
        </Suspense>
      ) : (
        <Skeleton className="h-80 w-full" />
      )}
      {stores && stores.length > 0 && <MapLegend />}
    </Card>
  );
}

// A franchisee's member's own figures: its own chunk with the strings it needs, never in the team's first load.
const FranchiseeDashboard = lazy(() =>
  Promise.all([import('../features/dashboard/franchisee-dashboard'), loadLaterStrings()]).then(
    ([module]) => module,
  ),
);

/** The dashboard sums the whole team: a franchisee's member gets their own figures instead. */
export function Component() {
  const user = useRequiredUser();
  if (can(user, 'team.browse')) return <Dashboard />;
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <FranchiseeDashboard />
    </Suspense>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const { data, isPending } = useDashboard();
  const stats = data?.stats ?? emptyStats;
  const warnings = data?.alignment_warnings ?? [];
  // The e-mail verification link lands here with ?verified=1.
  const [params] = useSearchParams();
  // What lies below the fold waits for the first paint, so that paint (the largest one) comes sooner.
  const painted = useAfterFirstPaint();
  return (
    <>
      {params.get('verified') === '1' && (
        <Alert type="success" className="mb-6">
          {t('verification.verified')}
        </Alert>
      )}
      <PageHeader title={t('dashboard.title')} />
      {painted && (
        <Suspense fallback={null}>
          <GettingStartedCard user={user} />
        </Suspense>
      )}
      <section aria-label={t('dashboard.title')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t('dashboard.expenditure')}
          value={formatUsdCompact(stats.expenditure)}
          title={formatUsd(stats.expenditure)}
          icon={DollarSign}
          loading={isPending}
          to="/leases?filters[status]=active"
        />
        <StatCard
          label={t('dashboard.locations')}
          value={formatCount(stats.locations)}
          icon={MapPin}
          loading={isPending}
          to="/stores"
        />
        <StatCard
          label={t('dashboard.nearExpiration')}
          value={formatCount(stats.near_expiration)}
          icon={CalendarX2}
          loading={isPending}
          to={`/leases?filters[expiring_before]=${isoDayFromToday(180)}`}
        />
        <StatCard
          label={t('dashboard.nearRenewal')}
          value={formatCount(stats.near_renewal_notice)}
          icon={CalendarClock}
          loading={isPending}
          to="/reminders?filters[source]=option_notice"
        />
      </section>
      <OverdueCard items={data?.overdue ?? []} count={stats.overdue} unverified={stats.unverified} />
      {warnings.length > 0 && (
        <Alert type="warning" title={t('dashboardExtra.alignment')} className="mt-6">
          <ul className="list-disc space-y-1 pl-5">
            {warnings.map((warning) => (
              <li key={`${warning.store.id}-${warning.agreement_id}`}>
                {t('dashboardExtra.alignmentItem', { store: warning.store.name, days: warning.days_apart })}{' '}
                <Link to={`/agreements/${warning.agreement_id}`} className="font-medium underline">
                  {t('dashboardExtra.viewAgreement')}
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="mt-8 grid items-start gap-8 xl:grid-cols-2">
        <CriticalDatesTimeline items={data?.timeline ?? []} loading={isPending} painted={painted} />
        <LeaseExpiryChart years={data?.lease_expirations ?? []} loading={isPending || !painted} />
      </div>
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <section>
          <h2 className="mb-4 text-lg font-semibold text-gray-900 dark:text-white">
            {t('dashboard.stores')}
          </h2>
          <StoreList
            stores={data?.stores ?? []}
            loading={isPending || !painted}
            canCreate={can(user, 'records.write')}
          />
        </section>
        <MapSection stores={data?.map_stores} painted={painted} />
      </div>
      {painted && (
        <Suspense fallback={<Skeleton className="mt-8 h-64 w-full" />}>
          <OccupancyRankingCard />
        </Suspense>
      )}
    </>
  );
}
