import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AgreementListItem, LeaseListItem } from '@storekeep/contracts';
import { buttonClasses, Card, DataTable } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useApiList } from './api-list';
import { useAgreementColumns, useLeaseColumns } from './columns';

/** The Leases tab of a store: GET /leases?filters[store_id]=ID, with "New lease" prefilled with the store. */
export function StoreLeasesPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const columns = useLeaseColumns().filter((column) => column.key !== 'store');
  const list = useApiList<LeaseListItem>('leases', {
    per_page: 50,
    filters: { store_id: [String(storeId)] },
  });
  const total = list.data?.meta.total ?? 0;
  return (
    <Card
      title={
        <span className="flex items-center justify-between gap-3">
          <span>
            {t('leases.title')}{' '}
            {list.data && <span className="font-normal text-gray-500">({formatCount(total)})</span>}
          </span>
          {can(user, 'records.write') && (
            <Link to={`/leases/create?store_id=${storeId}`} className={buttonClasses('white', 'sm')}>
              <Plus className="size-4" aria-hidden="true" />
              {t('leases.newForStore')}
            </Link>
          )}
        </span>
      }
    >
      {!list.isPending && total === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('leases.none')}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(row) => row.id}
          caption={t('leases.title')}
          loading={list.isPending}
          skeletonRows={2}
          onRowOpen={(row) => navigate(`/leases/${row.id}`)}
        />
      )}
    </Card>
  );
}

/** The Agreements tab of a store, brand or company (filters store_id / brand_id / company_id). */
export function AgreementsPanel({
  filter,
  id,
}: {
  filter: 'store_id' | 'brand_id' | 'company_id';
  id: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const columns = useAgreementColumns().filter(
    (column) => !(filter === 'brand_id' && column.key === 'brand'),
  );
  const list = useApiList<AgreementListItem>('agreements', {
    per_page: 50,
    filters: { [filter]: [String(id)] },
  });
  const total = list.data?.meta.total ?? 0;
  const createQuery = filter === 'company_id' ? '' : `?${filter}=${id}`;
  return (
    <Card
      title={
        <span className="flex items-center justify-between gap-3">
          <span>
            {t('agreements.title')}{' '}
            {list.data && <span className="font-normal text-gray-500">({formatCount(total)})</span>}
          </span>
          {can(user, 'records.write') && (
            <Link to={`/agreements/create${createQuery}`} className={buttonClasses('white', 'sm')}>
              <Plus className="size-4" aria-hidden="true" />
              {t('agreements.create')}
            </Link>
          )}
        </span>
      }
    >
      {!list.isPending && total === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('agreements.none')}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(row) => row.id}
          caption={t('agreements.title')}
          loading={list.isPending}
          skeletonRows={2}
          onRowOpen={(row) => navigate(`/agreements/${row.id}`)}
        />
      )}
    </Card>
  );
}
