import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Invoice } from '@storekeep/contracts';
import {
  Alert,
  EmptyState,
  PageHeader,
  Pagination,
  Skeleton,
  Table,
  Tabs,
  type Column,
} from '../../components/ui';
import { formatDay, formatMonth } from '../../lib/format';
import { useRequiredUser } from '../auth/use-auth-user';
import { usePaginationLabels } from '../records/use-pagination-labels';
import { useAllInvoices } from './api';
import { StatementView } from './collections-page';
import { InvoiceDialog, invoiceAmountColumns } from './invoices-page';

const TABS = ['invoices', 'statement'] as const;

/**
 * /invoices of a franchisee's member: the royalty invoices billed to their companies, every month, newest
 * first, each opened read only with its PDF and CSV (`?invoice=` opens one, as the dashboard links it), and
 * each company's statement (`?tab=statement`). The API narrows every call to their companies.
 */
export function FranchiseeInvoicesPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const invoices = useAllInvoices(page);
  const labels = usePaginationLabels();
  const rows = invoices.data?.data ?? [];
  const meta = invoices.data?.meta;
  const index = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  const openId = Number(params.get('invoice')) || null;
  // Their companies by name, as their invoices name them (the companies list is the franchisor's).
  const companyIds = user.company_ids ?? [];
  const names = new Map(rows.map((i) => [i.franchisee.id, i.franchisee.name]));
  const franchisees = companyIds.map((id) => ({
    id,
    name: names.get(id) ?? t('invoices.own.company', { id }),
  }));
  const franchiseeId = Number(params.get('franchisee')) || (franchisees[0]?.id ?? null);
  const several = companyIds.length > 1;
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change))
      if (value === null) next.delete(key);
      else next.set(key, value);
    setParams(next, { replace: true });
  };

  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      header: t('invoices.column.number'),
      cell: (i) => (
        <>
          <button
            type="button"
            className="min-h-11 font-medium whitespace-nowrap text-blue-600 hover:underline dark:text-blue-400"
            onClick={() => update({ invoice: String(i.id) })}
          >
            {i.number}
          </button>
          {/* On a phone the month sits under the number, leaving the width to balance and status. */}
          <span className="block text-xs text-gray-600 md:hidden dark:text-gray-400">
            {formatMonth(i.period_start.slice(0, 7))}
          </span>
        </>
      ),
    },
    ...(several
      ? [
          {
            key: 'franchisee',
            header: t('invoices.column.franchisee'),
            cell: (i: Invoice) => i.franchisee.name,
          },
        ]
      : []),
    {
      key: 'period',
      header: t('invoices.own.period'),
      cell: (i) => formatMonth(i.period_start.slice(0, 7)),
      hideOnMobile: true,
    },
    { key: 'due', header: t('invoices.column.due'), cell: (i) => formatDay(i.due_date), hideOnMobile: true },
    ...invoiceAmountColumns(t, { totalOnMobile: false }),
  ];

  const list = invoices.isError ? (
    <Alert type="error">{t('invoices.loadFailed')}</Alert>
  ) : !invoices.data ? (
    <Skeleton className="h-64 w-full" />
  ) : !rows.length ? (
    <EmptyState icon={<Receipt />} title={t('invoices.own.empty')} text={t('invoices.own.emptyText')} />
  ) : (
    <div className="space-y-4">
      <Table columns={columns} rows={rows} rowKey={(i) => i.id} caption={t('invoices.own.caption')} />
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
    </div>
  );

  return (
    <>
      <PageHeader title={t('invoices.title')} description={t('invoices.own.intro')} />
      <Tabs
        selectedIndex={index}
        onChange={(i) => update({ tab: i === 0 ? null : TABS[i]!, invoice: null })}
        tabs={[
          { key: 'invoices', label: t('collections.tabs.invoices'), content: list },
          {
            key: 'statement',
            label: t('collections.tabs.statement'),
            content: (
              <StatementView
                franchisees={franchisees}
                franchiseeId={franchiseeId}
                onFranchisee={(id) => update({ franchisee: String(id) })}
              />
            ),
          },
        ]}
      />
      <InvoiceDialog id={openId} canWrite={false} onClose={() => update({ invoice: null })} />
    </>
  );
}
