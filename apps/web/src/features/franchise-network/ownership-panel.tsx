import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OwnershipPeriod } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Card, Skeleton, Table, type Column } from '../../components/ui';
import { formatDay } from '../../lib/format';

/** A store's operating companies over time, each period with the transfer that began it. */
export default function OwnershipPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: queryKeys.storeOwnership(storeId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: OwnershipPeriod[] }>(`/stores/${storeId}/ownership`, { signal })
        .then((body) => body.data),
  });
  const columns: Column<OwnershipPeriod>[] = [
    {
      key: 'company',
      header: t('ownership.company'),
      cell: (row) =>
        row.company ? (
          <Link
            to={`/companies/${row.company.id}`}
            className="text-blue-700 hover:underline dark:text-blue-300"
          >
            {row.company.name}
          </Link>
        ) : (
          t('transfers.unknownCompany')
        ),
    },
    {
      key: 'from',
      header: t('ownership.from'),
      cell: (row) => (row.from ? formatDay(row.from) : t('ownership.unknownStart')),
    },
    {
      key: 'to',
      header: t('ownership.to'),
      cell: (row) => (row.to ? formatDay(row.to) : t('ownership.current')),
    },
    {
      key: 'transfer',
      header: t('ownership.transfer'),
      cell: (row) =>
        row.transfer && (
          <Link
            to={`/agreements/${row.transfer.agreement_id}`}
            className="text-blue-700 hover:underline dark:text-blue-300"
          >
            {t('ownership.viaAgreement', {
              number: row.transfer.agreement_number ?? `#${row.transfer.agreement_id}`,
            })}
          </Link>
        ),
    },
  ];
  let body;
  if (history.isError)
    body = (
      <Alert type="error" title={t('ownership.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  else if (history.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (!history.data.length)
    body = <p className="text-sm text-gray-500 dark:text-gray-400">{t('ownership.none')}</p>;
  else
    body = (
      <Table
        columns={columns}
        rows={history.data}
        rowKey={(row) => `${row.from ?? ''}-${row.company?.id ?? 0}`}
        caption={t('ownership.title')}
      />
    );
  return (
    <Card id="ownership" title={t('ownership.title')} description={t('ownership.intro')} className="mt-6">
      {body}
    </Card>
  );
}
