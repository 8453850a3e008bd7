import {
  AlertCircle,
  CalendarClock,
  ClipboardCheck,
  Download,
  FileText,
  Receipt,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FranchiseeDashboard as Figures } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  Card,
  EmptyState,
  PageHeader,
  Skeleton,
} from '../../components/ui';
import { formatCount, formatDate, formatDay, formatUsd } from '../../lib/format';
import { CriticalDatesTimeline } from './critical-dates-timeline';
import { OverdueCard } from './overdue-card';
import { StatCard } from './stat-card';
import { useFranchiseeDashboard } from './use-franchisee-dashboard';

const linkClasses = 'text-sm font-medium text-blue-700 hover:underline dark:text-blue-400';

/** A card's title with a link to the page behind it on the right. */
function TitleWithLink({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <span className="flex flex-wrap items-center justify-between gap-2">
      <span>{title}</span>
      <Link to={to} className={linkClasses}>
        {label}
      </Link>
    </span>
  );
}

function Rows({ loading, children }: { loading: boolean; children: ReactNode }) {
  if (!loading) return children;
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-12 w-full" />
      ))}
    </div>
  );
}

const listClasses = 'divide-y divide-gray-100 dark:divide-gray-800';
const rowClasses =
  'flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3';

/** The reports their agreements expect: missing ones first, then those due, with where to enter and download sales. */
function ReportsCard({ reports, loading }: { reports: Figures['reports'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('franchiseeDashboard.reports')} description={t('franchiseeDashboard.reportsText')}>
      <Rows loading={loading}>
        {reports && reports.items.length === 0 ? (
          <EmptyState
            icon={<ClipboardCheck aria-hidden="true" />}
            title={t('franchiseeDashboard.reportsEmpty')}
            text={t('franchiseeDashboard.reportsEmptyText')}
          />
        ) : (
          <ul className={listClasses} data-testid="sales-reports">
            {reports?.items.map((report) => (
              <li
                key={`${report.store.id}-${report.agreement.id}-${report.period_start}`}
                className={rowClasses}
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words text-gray-900 dark:text-white">
                    {t('franchiseeDashboard.reportPeriod', {
                      store: report.store.name,
                      from: formatDay(report.period_start),
                      to: formatDay(report.period_end),
                    })}
                  </p>
                  <p className="text-sm text-gray-600 dark:text-gray-400">
                    {t('franchiseeDashboard.reportDue', { date: formatDay(report.due_date) })}
                  </p>
                </div>
                <Badge
                  color={report.status === 'missing' ? 'red' : 'yellow'}
                  className="self-start sm:shrink-0"
                >
                  {t(`reporting.status.${report.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Rows>
      {/* Buttons that keep their words on one line, and wrap below each other on a phone. */}
      <div className="mt-5 flex flex-wrap justify-end gap-3 whitespace-nowrap">
        <a href={apiUrl('/sales/export', { format: 'csv' })} download className={buttonClasses('white')}>
          <Download className="size-4" aria-hidden="true" />
          {t('franchiseeDashboard.downloadSales')}
        </a>
        <Link to="/sales" className={buttonClasses('blue')}>
          {t('franchiseeDashboard.enterSales')}
        </Link>
      </div>
    </Card>
  );
}

/** Their open royalty invoices, oldest due first. */
function InvoicesCard({
  invoices,
  loading,
}: {
  invoices: Figures['invoices'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const more = invoices ? invoices.open - invoices.items.length : 0;
  return (
    <Card
      title={
        <TitleWithLink
          title={t('franchiseeDashboard.invoices')}
          to="/invoices"
          label={t('franchiseeDashboard.allInvoices')}
        />
      }
      description={t('franchiseeDashboard.invoicesText')}
    >
      <Rows loading={loading}>
        {invoices && invoices.items.length === 0 ? (
          <EmptyState
            icon={<Receipt aria-hidden="true" />}
            title={t('franchiseeDashboard.invoicesEmpty')}
            text={t('franchiseeDashboard.invoicesEmptyText')}
          />
        ) : (
          <>
            <ul className={listClasses} data-testid="open-invoices">
              {invoices?.items.map((invoice) => (
                <li key={invoice.id} className={rowClasses}>
                  <div className="min-w-0">
                    {/* Opens the invoice on their Invoices page: its lines, PDF and CSV. */}
                    <Link
                      to={`/invoices?invoice=${invoice.id}`}
                      className="text-sm font-medium break-words text-gray-900 hover:text-blue-700 hover:underline dark:text-white"
                    >
                      {t('franchiseeDashboard.invoiceLine', {
                        number: invoice.number,
                        from: formatDay(invoice.period_start),
                        to: formatDay(invoice.period_end),
                      })}
                    </Link>
                    <p className="text-sm text-gray-600 dark:text-gray-400">
                      {t('franchiseeDashboard.invoiceDue', { date: formatDay(invoice.due_date) })}
                    </p>
                  </div>
                  <p className="text-sm font-semibold text-gray-900 tabular-nums sm:shrink-0 dark:text-white">
                    {formatUsd(invoice.balance)}
                  </p>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
                {t('franchiseeDashboard.invoicesMore', { count: more })}
              </p>
            )}
          </>
        )}
      </Rows>
    </Card>
  );
}

/** The newest documents shared with them; each opens in the Documents page's panel (read and download). */
function DocumentsCard({
  documents,
  loading,
}: {
  documents: Figures['documents'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <TitleWithLink
          title={t('franchiseeDashboard.documents')}
          to="/documents"
          label={t('franchiseeDashboard.allDocuments')}
        />
      }
      description={t('franchiseeDashboard.documentsText')}
    >
      <Rows loading={loading}>
        {documents && documents.length === 0 ? (
          <EmptyState
            icon={<FileText aria-hidden="true" />}
            title={t('franchiseeDashboard.documentsEmpty')}
            text={t('franchiseeDashboard.documentsEmptyText')}
          />
        ) : (
          <ul className={listClasses} data-testid="shared-documents">
            {documents?.map((document) => (
              <li key={document.id} className={rowClasses}>
                <div className="flex min-w-0 items-start gap-3">
                  <FileText className="mt-0.5 size-5 shrink-0 text-gray-400" aria-hidden="true" />
                  <div className="min-w-0">
                    <Link
                      to={`/documents?document=${document.id}`}
                      className="text-sm font-medium break-words text-gray-900 hover:text-blue-700 hover:underline dark:text-white"
                    >
                      {document.title}
                    </Link>
                    <p className="text-sm text-gray-600 dark:text-gray-400">
                      {t('franchiseeDashboard.added', { date: formatDate(document.created_at) })}
                    </p>
                  </div>
                </div>
                <Badge color="gray" className="self-start sm:shrink-0">
                  {document.category_name}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Rows>
    </Card>
  );
}

/**
 * /dashboard of a franchisee's member: their own figures only (GET /dashboard/franchisee narrows each to the
 * companies they are limited to), in place of the team's dashboard, which they are refused.
 */
export default function FranchiseeDashboard() {
  const { t } = useTranslation();
  const query = useFranchiseeDashboard();
  const { data, isPending } = query;
  if (query.isError && !data)
    return (
      <>
        <PageHeader title={t('dashboard.title')} />
        <Alert
          type="error"
          title={t('franchiseeDashboard.loadFailed')}
          action={
            <Button color="white" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('franchiseeDashboard.retry')}
            </Button>
          }
        >
          {t('franchiseeDashboard.loadFailedText')}
        </Alert>
      </>
    );
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('franchiseeDashboard.intro')} />
      <section aria-label={t('dashboard.title')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t('franchiseeDashboard.missingReports')}
          value={formatCount(data?.reports.missing ?? 0)}
          icon={AlertCircle}
          loading={isPending}
          to="/sales"
        />
        <StatCard
          label={t('franchiseeDashboard.dueReports')}
          value={formatCount(data?.reports.due ?? 0)}
          icon={CalendarClock}
          loading={isPending}
          to="/sales"
        />
        <StatCard
          label={t('franchiseeDashboard.balanceDue')}
          value={formatUsd(data?.invoices.balance_due ?? 0)}
          icon={Wallet}
          loading={isPending}
          to="/invoices"
        />
        <StatCard
          label={t('franchiseeDashboard.pastDue')}
          value={formatUsd(data?.invoices.past_due ?? 0)}
          icon={Receipt}
          loading={isPending}
          to="/invoices"
        />
      </section>
      <OverdueCard items={data?.overdue ?? []} count={data?.overdue.length ?? 0} unverified={0} />
      <div className="mt-8 grid items-start gap-8 xl:grid-cols-2">
        <CriticalDatesTimeline items={data?.deadlines ?? []} loading={isPending} painted />
        <ReportsCard reports={data?.reports} loading={isPending} />
      </div>
      <div className="mt-8 grid items-start gap-8 xl:grid-cols-2">
        <InvoicesCard invoices={data?.invoices} loading={isPending} />
        <DocumentsCard documents={data?.documents} loading={isPending} />
      </div>
    </>
  );
}
