import { Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { Brand, Company, Contact, RecordType, Store } from '@storekeep/contracts';
import { Button, buttonClasses, ConfirmDialog, Pagination, Skeleton, TabNav } from '../../components/ui';
import { RecordDocumentsPanel } from '../documents/record-panel';
import { AgreementsPanel, StoreLeasesPanel } from '../leases/record-tabs';
import { formatCount } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { ActivityList } from './activity-list';
import { BrandDialog } from './brand-dialog';
import { cityLine, KindBadge, RefLink, StatusBadge } from './display';
import { ImageUploader } from './image-uploader';
import { NotesPanel } from './notes-panel';
import { Overview } from './overview';
import { deleteRecord, invalidateRecords, restoreRecord, useRecord, useRecordActivities } from './queries';
import { RELATED, RelatedPanel } from './related-panel';
import { recordPath, recordTitle, type AnyRecord } from './types';
import { usePaginationLabels } from './use-pagination-labels';

// The store's occupancy cost: its own chunk, fetched when a store's overview opens.
const StoreOccupancyCard = lazy(() => import('../occupancy/store-occupancy-card'));
// The store's ownership history, likewise.
const OwnershipPanel = lazy(() => import('../franchise-network/ownership-panel'));

/** Undo stays offered longer than an ordinary toast so there is time to reach it (WCAG 2.2.1). */
export const UNDO_TOAST_MS = 10_000;

export const TABS = [
  'overview',
  'related',
  'leases',
  'agreements',
  'documents',
  'notes',
  'activity',
] as const;

/** Tabs only some record types have: a store's leases; agreements of stores, brands and companies. */
const TYPE_TABS: Partial<Record<DetailTab, RecordType[]>> = {
  leases: ['stores'],
  agreements: ['stores', 'brands', 'companies'],
};
export type DetailTab = (typeof TABS)[number];

function KeyFacts({ type, record }: { type: RecordType; record: AnyRecord }) {
  const { t } = useTranslation();
  const items: ReactNode[] = [];
  if (type === 'companies') {
    const c = record as Company;
    items.push(<KindBadge key="kind" kind={c.kind} />);
    if (cityLine(c)) items.push(<span key="city">{cityLine(c)}</span>);
    if (c.counts)
      items.push(
        <span key="counts">
          {t('records.facts.companyCounts', {
            brands: formatCount(c.counts.brands),
            stores: formatCount(c.counts.stores),
            contacts: formatCount(c.counts.contacts),
          })}
        </span>,
      );
  } else if (type === 'brands') {
    const b = record as Brand;
    if (b.company) items.push(<RefLink key="company" type="companies" value={b.company} />);
    if (b.counts)
      items.push(<span key="stores">{t('records.facts.storeCount', { count: b.counts.stores })}</span>);
  } else if (type === 'stores') {
    const s = record as Store;
    items.push(<StatusBadge key="status" status={s.status} />);
    if (s.store_number) items.push(<span key="number">#{s.store_number}</span>);
    if (s.brand) items.push(<RefLink key="brand" type="brands" value={s.brand} />);
    if (cityLine(s)) items.push(<span key="city">{cityLine(s)}</span>);
  } else {
    const c = record as Contact;
    if (c.job_title) items.push(<span key="job">{c.job_title}</span>);
    if (c.company) items.push(<RefLink key="company" type="companies" value={c.company} />);
    if (c.email) items.push(<span key="email">{c.email}</span>);
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
      {items}
    </div>
  );
}

function ActivityPanel({ type, id }: { type: RecordType; id: number }) {
  const [page, setPage] = useState(1);
  const activities = useRecordActivities(type, id, page);
  const labels = usePaginationLabels();
  const meta = activities.data?.meta;
  return (
    <div className="rounded-lg bg-white px-4 shadow-sm ring-1 ring-gray-900/5 sm:px-6 dark:bg-gray-900 dark:ring-white/10">
      <ActivityList activities={activities.data?.data ?? []} loading={activities.isPending} />
      {meta && meta.last_page > 1 && (
        <div className="pb-4">
          <Pagination
            page={meta.current_page}
            lastPage={meta.last_page}
            from={meta.from}
            to={meta.to}
            total={meta.total}
            onPage={setPage}
            labels={labels}
          />
        </div>
      )}
    </div>
  );
}

/** /{type}/:id and /{type}/:id/:tab: header with picture and key facts, Edit and Delete, and the tabs. */
export function RecordDetailPage({ type }: { type: RecordType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const params = useParams();
  const id = Number(params.id);
  // Once deleted, the record's own query stops so the refetch after the delete does not hit a 404.
  const [gone, setGone] = useState(false);
  const record = useRecord(type, id, !gone);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingBrand, setEditingBrand] = useState(false);

  // A franchisee's member sees their store's overview and the documents shared with them; its leases, notes and
  // history are the team's.
  const tabs = TABS.filter(
    (tab) =>
      (tab === 'overview' || tab === 'documents' || can(user, 'team.browse')) &&
      (tab !== 'related' || RELATED[type]) &&
      (!TYPE_TABS[tab] || TYPE_TABS[tab]!.includes(type)),
  );
  const tab = (params.tab ?? 'overview') as DetailTab;
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={`/${type}`} replace />;
  if (!tabs.includes(tab)) return <Navigate to={recordPath(type, id)} replace />;

  if (record.isPending || !record.data)
    return (
      <div aria-busy="true" className="flex flex-col gap-6">
        <div className="flex items-center gap-4">
          <Skeleton className="size-20" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-7 w-64 max-w-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    );

  const data = record.data;
  const title = recordTitle(data);
  const manage = can(user, 'records.write');
  const canUpdate = can(data.abilities, 'update');
  const canDelete = can(data.abilities, 'delete');

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteRecord(type, id);
      flushSync(() => {
        setGone(true);
        setConfirming(false);
      });
      navigate(`/${type}`);
      void invalidateRecords();
      toast.success(t('records.deleted', { name: title }), {
        duration: UNDO_TOAST_MS,
        action: {
          label: t('records.undo'),
          onClick: () => {
            void restoreRecord(type, id).then(() =>
              toast.success(t('records.restored', { name: title }), { duration: 3000 }),
            );
          },
        },
      });
    } catch {
      // The error toast is shown by the API error mapping.
    } finally {
      setDeleting(false);
    }
  };

  const base = recordPath(type, id);
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <ImageUploader type={type} record={data} name={title} editable={canUpdate} />
          <div className="min-w-0 pt-1">
            <p className="text-sm font-medium text-gray-500 dark:text-gray-400">
              <Link to={`/${type}`} className="hover:underline">
                {t(`nav.${type}`)}
              </Link>
            </p>
            <h1 className="text-2xl font-bold tracking-tight break-words text-gray-900 dark:text-white">
              {title}
            </h1>
            <KeyFacts type={type} record={data} />
          </div>
        </div>
        {(canUpdate || canDelete) && (
          <div className="flex shrink-0 gap-3">
            {canUpdate &&
              (type === 'brands' ? (
                <Button
                  color="white"
                  icon={<Pencil className="size-4" aria-hidden="true" />}
                  onClick={() => setEditingBrand(true)}
                >
                  {t('records.edit')}
                </Button>
              ) : (
                <Link to={`${base}/edit`} className={buttonClasses('white')}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('records.edit')}
                </Link>
              ))}
            {canDelete && (
              <Button
                color="white"
                className="text-red-600 dark:text-red-400"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                {t('common.delete')}
              </Button>
            )}
          </div>
        )}
      </div>

      <TabNav
        label={t('records.tabs.label')}
        current={tab}
        tabs={tabs.map((key) => ({
          key,
          label: t(`records.tabs.${key}`),
          to: key === 'overview' ? base : `${base}/${key}`,
        }))}
      />
      <div className="mt-6">
        {tab === 'overview' && <Overview type={type} record={data} />}
        {/* Not once the store is deleted: the refetch after the delete would ask for a store that is gone. */}
        {tab === 'overview' && type === 'stores' && !gone && (
          <Suspense fallback={<Skeleton className="mt-6 h-48 w-full" />}>
            <StoreOccupancyCard storeId={id} />
            {/* Ownership history is the franchisor's: the API refuses it to a franchisee's member. */}
            {can(user, 'team.browse') && <OwnershipPanel storeId={id} />}
          </Suspense>
        )}
        {tab === 'related' && <RelatedPanel type={type} id={id} />}
        {tab === 'leases' && <StoreLeasesPanel storeId={id} />}
        {tab === 'agreements' && (
          <AgreementsPanel
            filter={type === 'stores' ? 'store_id' : type === 'brands' ? 'brand_id' : 'company_id'}
            id={id}
          />
        )}
        {tab === 'documents' && (
          <RecordDocumentsPanel type={type} id={id} name={title} canUpload={canUpdate} />
        )}
        {tab === 'notes' && <NotesPanel type={type} id={id} canAdd={manage} />}
        {tab === 'activity' && <ActivityPanel type={type} id={id} />}
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('records.deleteTitle', { name: title })}
        message={t('records.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        loading={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
      {type === 'brands' && (
        <BrandDialog open={editingBrand} onClose={() => setEditingBrand(false)} brand={data as Brand} />
      )}
    </>
  );
}
