import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  LEASE_CLAUSE_KINDS,
  LEASE_SORTS,
  LEASE_STATUSES,
  type LeaseListItem,
  type Reminder,
} from '@storekeep/contracts';
import { Button, FilterPicker, Pagination, Skeleton, Tabs } from '../components/ui';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { useApiList } from '../features/leases/api-list';
import { useLeaseColumns } from '../features/leases/columns';
import { DetailShell, DetailSkeleton } from '../features/leases/detail-shell';
import { LeaseFacts, LeaseSections } from '../features/leases/lease-detail';
import { LeaseForm } from '../features/leases/lease-form';
import { useResource } from '../features/leases/queries';
import { ResourceListPage } from '../features/leases/resource-list-page';
import { DateFilter, IdFilter, usePickerLabels } from '../features/records/list-filters';
import { useRecord } from '../features/records/queries';
import { usePaginationLabels } from '../features/records/use-pagination-labels';
import { NewReminderDialog } from '../features/reminders/reminder-dialogs';
import { ReminderList } from '../features/reminders/reminder-list';

const FILTERS = ['status', 'store_id', 'landlord_id', 'clause', 'expiring_before'] as const;

// Its own chunk: the accounting tab loads when it is opened, never with the lease page.
const LeaseAccountingPanel = lazy(() => import('../features/lease-accounting/accounting-panel'));
const PercentageRentPanel = lazy(() => import('../features/percentage-rent/percentage-rent-panel'));
const CamPanel = lazy(() => import('../features/cam/cam-panel'));
const PaymentTermsPanel = lazy(() => import('../features/payables/payment-terms-panel'));
/** The lease page's tabs as named in the URL (?tab=…); the first is the page without a tab. */
const LEASE_TABS = ['overview', 'accounting', 'percentage-rent', 'cam', 'payments'] as const;

export function List() {
  const { t } = useTranslation();
  const labels = usePickerLabels();
  const columns = useLeaseColumns();
  return (
    <ResourceListPage<LeaseListItem>
      resource="leases"
      title={t('leases.title')}
      createLabel={t('leases.create')}
      searchPlaceholder={t('leases.searchPlaceholder')}
      emptyTitle={t('leases.empty')}
      emptyText={t('leases.emptyText')}
      noMatches={t('leases.noMatches')}
      filterFields={FILTERS}
      sorts={LEASE_SORTS}
      columns={columns}
      renderFilters={(filters, onChange) => (
        <>
          <FilterPicker
            label={t('leases.fields.status')}
            options={LEASE_STATUSES.map((value) => ({ value, label: t(`leases.statuses.${value}`) }))}
            selected={filters.status ?? []}
            onChange={(values) => onChange('status', values)}
            labels={labels}
          />
          <IdFilter
            field="store_id"
            label={t('leases.fields.store')}
            selected={filters.store_id ?? []}
            onChange={(values) => onChange('store_id', values)}
          />
          <IdFilter
            field="landlord_id"
            label={t('leases.fields.landlord')}
            selected={filters.landlord_id ?? []}
            onChange={(values) => onChange('landlord_id', values)}
          />
          <FilterPicker
            label={t('leases.fields.clause')}
            options={LEASE_CLAUSE_KINDS.map((value) => ({ value, label: t(`leases.clauseKinds.${value}`) }))}
            selected={filters.clause ?? []}
            onChange={(values) => onChange('clause', values)}
            labels={labels}
          />
          <DateFilter
            label={t('leases.fields.expiring_before')}
            value={filters.expiring_before?.[0]}
            onChange={(values) => onChange('expiring_before', values)}
          />
        </>
      )}
    />
  );
}

export function Create() {
  const [params] = useSearchParams();
  const storeId = Number(params.get('store_id')) || 0;
  const store = useRecord('stores', storeId, storeId > 0);
  if (storeId > 0 && !store.data && !store.isError) return <Skeleton className="h-96 w-full" />;
  return <LeaseForm store={store.data ? { id: store.data.id, name: store.data.name } : undefined} />;
}

/** The reminders of a lease or agreement: every one of that record, due or not. */
export function SubjectReminders({
  type,
  id,
  title,
}: {
  type: 'lease' | 'agreement';
  id: number;
  title: string;
}) {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useApiList<Reminder>('reminders', {
    page,
    per_page: 10,
    sort: 'due_date',
    direction: 'asc',
    filters: { subject_type: [type], subject_id: [String(id)] },
  });
  const labels = usePaginationLabels();
  const meta = list.data?.meta;
  return (
    <section className="mt-2 flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900 dark:text-white">{title}</h2>
        {can(user, 'records.write') && (
          <Button size="sm" color="white" onClick={() => setCreating(true)}>
            {t('reminders.new')}
          </Button>
        )}
      </div>
      <ReminderList
        reminders={list.data?.data ?? []}
        loading={list.isPending}
        emptyTitle={t('reminders.noneForRecord')}
      />
      {meta && meta.last_page > 1 && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          from={meta.from}
          to={meta.to}
          total={meta.total}
          onPage={setPage}
          labels={labels}
        />
      )}
      <NewReminderDialog open={creating} onClose={() => setCreating(false)} subject={{ type, id }} />
    </section>
  );
}

export function Edit() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const lease = useResource('leases', id);
  if (!lease.data) return <Skeleton className="h-96 w-full" />;
  return (
    <>
      <LeaseForm key={lease.data.id} lease={lease.data} />
      <div className="mt-10">
        <SubjectReminders type="lease" id={lease.data.id} title={t('reminders.forLease')} />
      </div>
    </>
  );
}

/** /leases/:id: the read-only lease for every role; Edit and Delete as the lease's abilities allow. */
export function Detail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  // Once deleted, the lease's own queries stop so the refetch after the delete does not hit a 404.
  const [gone, setGone] = useState(false);
  const lease = useResource('leases', id, !gone);
  // The open tab lives in the URL (?tab=accounting), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  // A franchisee's member reads the lease itself: its accounting, percentage rent and CAM are the franchisor's.
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  const tab = wholeTeam
    ? Math.max(0, LEASE_TABS.indexOf(params.get('tab') as (typeof LEASE_TABS)[number]))
    : 0;
  if (!lease.data) return <DetailSkeleton />;
  const data = lease.data;
  return (
    <DetailShell
      resource="leases"
      id={data.id}
      section={t('leases.title')}
      title={
        data.reference ? `${data.store?.name ?? ''} · ${data.reference}` : (data.store?.name ?? `#${data.id}`)
      }
      facts={<LeaseFacts lease={data} />}
      abilities={data.abilities}
      onGone={() => setGone(true)}
    >
      {/* Gone, the sections go too: their queries (history, reminders) would otherwise be refetched by the delete's refresh, a 404. */}
      {!gone && (
        <Tabs
          selectedIndex={tab}
          onChange={(index) => setParams(index > 0 ? { tab: LEASE_TABS[index]! } : {}, { replace: true })}
          tabs={[
            {
              key: 'overview',
              label: t('leaseAccounting.tabs.overview'),
              content: (
                <>
                  <LeaseSections lease={data} />
                  <SubjectReminders type="lease" id={data.id} title={t('reminders.forLease')} />
                </>
              ),
            },
            {
              key: 'accounting',
              label: t('leaseAccounting.tabs.accounting'),
              content: (
                <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                  <LeaseAccountingPanel lease={data} />
                </Suspense>
              ),
            },
            {
              key: 'percentage-rent',
              label: t('percentageRentTab.tab'),
              content: (
                <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                  <PercentageRentPanel lease={data} />
                </Suspense>
              ),
            },
            {
              key: 'cam',
              label: t('camTab.tab'),
              content: (
                <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                  <CamPanel lease={data} />
                </Suspense>
              ),
            },
            {
              key: 'payments',
              label: t('paymentTermsTab.tab'),
              content: (
                <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                  <PaymentTermsPanel lease={data} />
                </Suspense>
              ),
            },
          ].filter((entry) => wholeTeam || entry.key === 'overview')}
        />
      )}
    </DetailShell>
  );
}
