import clsx from 'clsx';
import { Download, FileBarChart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  SALES_GRANULARITIES,
  SALES_GROUPS,
  type PercentageRentDue,
  type RoyaltyDue,
  type SalesSummary,
} from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  buttonClasses,
  Card,
  EmptyState,
  Select,
  Skeleton,
  Table,
  TextInput,
  type Column,
} from '../../components/ui';
import { formatDate, formatDay, formatUsd } from '../../lib/format';
import type { TFunction } from '../../lib/translate';
import { usePercentageRent, useRoyalties, useSalesSummary, type Range } from './api';

// The chart is its own chunk: only a user who opens a report downloads it.
const SalesChart = lazy(() => import('./sales-chart'));

const thisYear = new Date().getFullYear();
/** A team with 60,000 agreements gets its total at once and its rows through the CSV, not 60,000 DOM rows. */
const SHOWN_ROWS = 200;
export const defaultRange: Range = { from: `${thisYear}-01-01`, to: `${thisYear}-12-31` };

/** From and to dates; an incomplete or reversed range keeps the last good one. */
export function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(range);
  const update = (next: Range) => {
    setDraft(next);
    if (/^\d{4}-\d{2}-\d{2}$/.test(next.from) && /^\d{4}-\d{2}-\d{2}$/.test(next.to) && next.from <= next.to)
      onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextInput
        type="date"
        label={t('sales.reports.from')}
        value={draft.from}
        onChange={(e) => update({ ...draft, from: e.target.value })}
        containerClassName="w-44"
      />
      <TextInput
        type="date"
        label={t('sales.reports.to')}
        value={draft.to}
        onChange={(e) => update({ ...draft, to: e.target.value })}
        containerClassName="w-44"
        error={draft.from > draft.to ? t('sales.reports.reversed') : undefined}
      />
    </div>
  );
}

function ExportLink({ path, range }: { path: string; range: Range }) {
  const { t } = useTranslation();
  return (
    <a href={apiUrl(path, range)} download className={buttonClasses('white', 'md')}>
      <Download className="size-4" aria-hidden="true" />
      {t('sales.reports.exportCsv')}
    </a>
  );
}

const change = (value: number | null) =>
  value === null ? (
    <span className="text-gray-400">—</span>
  ) : (
    <span
      className={clsx(
        'font-medium',
        value >= 0 ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400',
      )}
    >{`${value > 0 ? '+' : ''}${value}%`}</span>
  );

export function SummaryReport() {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const [groupBy, setGroupBy] = useState<string>('period');
  const [granularity, setGranularity] = useState<string>('month');
  const summary = useSalesSummary(range, groupBy, granularity);
  type Row = SalesSummary['rows'][number];
  const columns: Column<Row>[] = [
    {
      key: 'label',
      header: t(`sales.reports.groups.${groupBy}`),
      cell: (r) => <span className="font-medium text-gray-900 dark:text-white">{r.label}</span>,
    },
    {
      key: 'gross',
      header: t('sales.reports.gross'),
      cell: (r) => formatUsd(r.gross),
      className: 'text-right tabular-nums',
    },
    {
      key: 'net',
      header: t('sales.reports.net'),
      cell: (r) => formatUsd(r.net),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'previous',
      header: t('sales.reports.lastYear'),
      cell: (r) => formatUsd(r.previous_gross),
      className: 'text-right tabular-nums',
    },
    {
      key: 'change',
      header: t('sales.reports.change'),
      cell: (r) => change(r.change_percent),
      className: 'text-right tabular-nums',
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <RangePicker range={range} onChange={setRange} />
        <Select
          label={t('sales.reports.groupBy')}
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value)}
          options={SALES_GROUPS.map((g) => ({ value: g, label: t(`sales.reports.groups.${g}`) }))}
          containerClassName="w-44"
        />
        {groupBy === 'period' && (
          <Select
            label={t('sales.reports.granularity')}
            value={granularity}
            onChange={(e) => setGranularity(e.target.value)}
            options={SALES_GRANULARITIES.map((g) => ({
              value: g,
              label: t(`sales.reports.granularities.${g}`),
            }))}
            containerClassName="w-36"
          />
        )}
      </div>
      {summary.isError ? (
        <Alert type="error">{t('sales.loadFailed')}</Alert>
      ) : !summary.data ? (
        <Skeleton className="h-80 w-full" />
      ) : !summary.data.rows.length ? (
        <EmptyState
          icon={<FileBarChart />}
          title={t('sales.reports.empty')}
          text={t('sales.reports.emptyText')}
        />
      ) : (
        <>
          <Card
            title={t('sales.reports.chartTitle')}
            description={t('sales.reports.totalLine', {
              gross: formatUsd(summary.data.total.gross),
              previous: formatUsd(summary.data.total.previous_gross),
            })}
          >
            <Suspense fallback={<Skeleton className="h-60 w-full" />}>
              <SalesChart summary={summary.data} />
            </Suspense>
          </Card>
          <Table
            columns={columns}
            rows={[...summary.data.rows.slice(0, SHOWN_ROWS), summary.data.total]}
            rowKey={(r) => r.key}
            caption={t('sales.reports.chartTitle')}
          />
          {summary.data.rows.length > SHOWN_ROWS && (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('sales.reports.truncatedSummary', { shown: SHOWN_ROWS, total: summary.data.rows.length })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * How a row's tiers pool, in the screen's words (the CSV's Pooling column says the same, `poolingReading` on the
 * server): across the franchisee's agreements with those kept apart and the periods waiting on a pooled
 * agreement's report; else, for an agreement of several stores (one store reads the same either way), pooled
 * across them or per store.
 */
export function poolingLines(r: RoyaltyDue, t: TFunction): string[] {
  const lines: string[] = [];
  const pool = r.tiers.pool;
  if (pool && pool.agreements.length > 1)
    lines.push(
      t('sales.royalties.pooledAgreements', {
        count: pool.agreements.length,
        franchisee: pool.franchisee,
        agreements: pool.agreements.join(', '),
      }),
    );
  if (pool?.apart.length) lines.push(t('sales.royalties.notPooled', { agreements: pool.apart.join(', ') }));
  if (pool?.waiting_periods) lines.push(t('sales.royalties.poolWaiting', { count: pool.waiting_periods }));
  if (lines.length || r.store_count < 2) return lines;
  return [
    r.tiers.pooling === 'per_store'
      ? t('sales.royalties.perStore')
      : r.agreement.franchisee
        ? t('sales.royalties.pooledOf', { count: r.store_count, franchisee: r.agreement.franchisee })
        : t('sales.royalties.pooled', { count: r.store_count }),
  ];
}

export function RoyaltiesReport() {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const royalties = useRoyalties(range);
  const columns: Column<RoyaltyDue>[] = [
    {
      key: 'agreement',
      header: t('sales.royalties.agreement'),
      cell: (r) => (
        <Link
          to={`/agreements/${r.agreement.id}`}
          className="font-medium text-blue-600 hover:underline dark:text-blue-400"
        >
          {r.agreement.brand} {r.agreement.agreement_number ?? `#${r.agreement.id}`}
        </Link>
      ),
    },
    {
      key: 'franchisee',
      header: t('sales.royalties.franchisee'),
      cell: (r) => r.agreement.franchisee ?? '—',
      hideOnMobile: true,
    },
    {
      key: 'stores',
      header: t('sales.royalties.stores'),
      cell: (r) => r.store_count,
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'reporting',
      header: t('sales.royalties.reporting'),
      cell: (r) => t(`sales.royalties.frequencies.${r.reporting_frequency}`),
      hideOnMobile: true,
    },
    {
      key: 'sales',
      header: t('sales.royalties.sales'),
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center justify-end gap-1">
          {formatUsd(r.sales)}
          {r.basis !== 'reported' && (
            <Badge
              color={r.basis === 'missing' ? 'red' : 'yellow'}
              label={t(`sales.royalties.basisLabel.${r.basis}`, {
                estimated: r.estimated_reports,
                missing: r.missing_reports,
              })}
            >
              {t(`sales.royalties.basis.${r.basis}`)}
            </Badge>
          )}
        </span>
      ),
      className: 'text-right tabular-nums',
    },
    {
      key: 'royalty',
      header: t('sales.royalties.royalty'),
      // Beside the figure, the reading it follows: which year the tiers count, and how they pool (`poolingLines`).
      cell: (r) => (
        <span
          className="inline-flex flex-col items-end sm:min-w-36"
          data-testid={`royalty-${r.agreement.id}`}
        >
          {formatUsd(r.royalty)}
          {r.tiers.since && (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t('sales.royalties.tiersSince', {
                since: formatDay(r.tiers.since),
                year: t(`sales.royalties.tierYears.${r.tiers.year}`),
              })}
            </span>
          )}
          {poolingLines(r, t).map((line) => (
            <span key={line} className="text-xs text-gray-600 dark:text-gray-400">
              {line}
            </span>
          ))}
        </span>
      ),
      className: 'text-right tabular-nums',
    },
    {
      key: 'minimum',
      header: t('sales.royalties.topUp'),
      cell: (r) => (r.minimum_top_up ? formatUsd(r.minimum_top_up) : '—'),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'marketing',
      header: t('sales.royalties.marketing'),
      cell: (r) => formatUsd(r.marketing),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'total',
      header: t('sales.royalties.total'),
      cell: (r) => (
        <span className="font-semibold text-gray-900 dark:text-white">{formatUsd(r.total_due)}</span>
      ),
      className: 'text-right tabular-nums',
    },
  ];
  const rows = royalties.data ?? [];
  const total = rows.reduce((sum, r) => sum + r.total_due, 0);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={setRange} />
        <ExportLink path="/sales/reports/royalties.csv" range={range} />
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('sales.royalties.rule')}</p>
      {royalties.isError ? (
        <Alert type="error">{t('sales.loadFailed')}</Alert>
      ) : !royalties.data ? (
        <Skeleton className="h-64 w-full" />
      ) : !rows.length ? (
        <EmptyState
          icon={<FileBarChart />}
          title={t('sales.royalties.empty')}
          text={t('sales.royalties.emptyText')}
        />
      ) : (
        <>
          <p className="text-base text-gray-900 dark:text-white" data-testid="royalties-total">
            {t('sales.royalties.totalLine', { total: formatUsd(total), count: rows.length })}
          </p>
          <Table
            columns={columns}
            rows={rows.slice(0, SHOWN_ROWS)}
            rowKey={(r) => r.agreement.id}
            caption={t('sales.royalties.title')}
          />
          {rows.length > SHOWN_ROWS && (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('sales.reports.truncated', { shown: SHOWN_ROWS, total: rows.length })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function PercentageRentReport() {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const rent = usePercentageRent(range);
  const columns: Column<PercentageRentDue>[] = [
    {
      key: 'lease',
      header: t('sales.rent.lease'),
      cell: (r) => (
        <Link
          to={`/leases/${r.lease.id}`}
          className="font-medium text-blue-600 hover:underline dark:text-blue-400"
        >
          {r.lease.reference ?? `#${r.lease.id}`}
        </Link>
      ),
    },
    { key: 'store', header: t('sales.rent.store'), cell: (r) => r.store.name },
    {
      key: 'year',
      header: t('sales.rent.leaseYear'),
      cell: (r) => (
        <span className="flex flex-col gap-1">
          <span>
            {t('sales.rent.yearNumber', { number: r.lease_year })}: {formatDate(r.year_start)} –{' '}
            {formatDate(r.year_end)}
            {r.partial ? ` (${t('sales.rent.partial')})` : ''}
          </span>
          <span className="flex flex-wrap items-center gap-1">
            <Badge color={r.year_complete ? 'green' : 'yellow'}>
              {t(r.year_complete ? 'sales.rent.final' : 'sales.rent.provisional')}
            </Badge>
            {!r.ended && (
              <span className="text-xs text-gray-600 dark:text-gray-400">{t('sales.rent.toDate')}</span>
            )}
          </span>
          {r.missing_months.length > 0 && (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t('sales.rent.notReported', { months: r.missing_months.join(', ') })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'sales',
      header: t('sales.rent.sales'),
      cell: (r) => formatUsd(r.sales),
      className: 'text-right tabular-nums',
    },
    {
      key: 'breakpoint',
      header: t('sales.rent.breakpoint'),
      cell: (r) => (
        <span className="flex flex-col items-end">
          <span>{r.breakpoint === null ? t('sales.rent.noBreakpoint') : formatUsd(r.breakpoint)}</span>
          <span className="text-xs whitespace-nowrap text-gray-600 dark:text-gray-400">
            {r.breakpoint_basis}
          </span>
        </span>
      ),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'rate',
      header: t('sales.rent.rate'),
      cell: (r) => `${r.rate}%`,
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'due',
      header: t('sales.rent.due'),
      cell: (r) => (
        <span className="font-semibold text-gray-900 dark:text-white">{formatUsd(r.rent_due)}</span>
      ),
      className: 'text-right tabular-nums',
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={setRange} />
        <ExportLink path="/sales/reports/percentage-rent.csv" range={range} />
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('sales.rent.rule')}</p>
      {rent.isError ? (
        <Alert type="error">{t('sales.loadFailed')}</Alert>
      ) : !rent.data ? (
        <Skeleton className="h-64 w-full" />
      ) : !rent.data.length ? (
        <EmptyState icon={<FileBarChart />} title={t('sales.rent.empty')} text={t('sales.rent.emptyText')} />
      ) : (
        <>
          <Table
            columns={columns}
            rows={rent.data.slice(0, SHOWN_ROWS)}
            rowKey={(r) => `${r.lease.id}-${r.lease_year}`}
            caption={t('sales.rent.title')}
          />
          {rent.data.length > SHOWN_ROWS && (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('sales.reports.truncated', { shown: SHOWN_ROWS, total: rent.data.length })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
