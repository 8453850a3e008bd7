import { Download, FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Lease, LeaseAccounting, ScheduleRowOut } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import { Alert, buttonClasses, Card, Skeleton, Table, type Column } from '../../components/ui';
import { once } from '../../lib/format';
import { useLeaseSchedule } from './queries';
import { ScheduleReadings } from './readings';

// An accounting schedule always shows its cents (a roll-forward is read to the cent), unlike formatUsd.
const cents = once(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
);
const usd = (value: number | null) => (value === null ? '—' : cents().format(value));

function DownloadLink({ path, format, label }: { path: string; format: 'csv' | 'xlsx'; label: string }) {
  const Icon = format === 'csv' ? Download : FileSpreadsheet;
  return (
    <a href={apiUrl(path, { format })} download className={buttonClasses('white', 'sm')}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** The monthly schedule of a saved profile, its totals and the schedule and journal downloads. */
export function ScheduleCard({ lease, profile }: { lease: Lease; profile: LeaseAccounting }) {
  const { t } = useTranslation();
  const problems = Object.values(profile.problems);
  const schedule = useLeaseSchedule(lease.id, profile.saved && problems.length === 0);
  // Months and amounts never wrap: a phone scrolls the table sideways instead.
  const column = (
    key: string,
    value: (row: ScheduleRowOut) => string,
    hideOnMobile = false,
  ): Column<ScheduleRowOut> => ({
    key,
    header: t(`leaseAccounting.columns.${key}`),
    cell: value,
    className: 'whitespace-nowrap',
    hideOnMobile,
  });
  const columns = [
    column('period', (r) => r.period),
    column('payment', (r) => usd(r.payment)),
    column('interest', (r) => usd(r.interest)),
    column('liability', (r) => usd(r.liability_closing)),
    column('amortization', (r) => usd(r.rou_amortization), true),
    column('rou', (r) => usd(r.rou_closing), true),
    column('expense', (r) => usd(r.total_expense), true),
  ];
  const base = `/leases/${lease.id}/accounting`;
  return (
    <Card title={t('leaseAccounting.schedule')}>
      {!profile.saved ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('leaseAccounting.notSaved')}</p>
      ) : problems.length > 0 ? (
        <Alert type="warning" title={t('leaseAccounting.cannotBuild')}>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : schedule.isError ? (
        <Alert type="error" title={t('leaseAccounting.loadFailed')}>
          {t('leaseAccounting.tryAgain')}
        </Alert>
      ) : !schedule.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <dl className="mb-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
            {[
              [t('leaseAccounting.summary.liability'), usd(schedule.data.initial_liability)],
              [t('leaseAccounting.summary.rou'), usd(schedule.data.initial_rou_asset)],
              [t('leaseAccounting.summary.payments'), usd(schedule.data.total_payments)],
              [t('leaseAccounting.summary.interest'), usd(schedule.data.total_interest)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
                <dd className="font-semibold text-gray-900 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <ScheduleReadings of={schedule.data} />
          <div className="mb-4 flex flex-wrap gap-2">
            <DownloadLink
              path={`${base}/schedule/export`}
              format="csv"
              label={t('leaseAccounting.scheduleCsv')}
            />
            <DownloadLink
              path={`${base}/schedule/export`}
              format="xlsx"
              label={t('leaseAccounting.scheduleXlsx')}
            />
            <DownloadLink
              path={`${base}/journal/export`}
              format="csv"
              label={t('leaseAccounting.journalCsv')}
            />
            <DownloadLink
              path={`${base}/journal/export`}
              format="xlsx"
              label={t('leaseAccounting.journalXlsx')}
            />
          </div>
          <Table
            columns={columns}
            rows={schedule.data.rows}
            rowKey={(row) => row.month}
            caption={t('leaseAccounting.schedule')}
          />
        </>
      )}
    </Card>
  );
}
