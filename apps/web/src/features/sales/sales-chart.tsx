import type { SalesSummary } from '@storekeep/contracts';
import { useTranslation } from 'react-i18next';
import { formatUsd, formatUsdCompact } from '../../lib/format';

/**
 * This year's bars beside last year's, as plain CSS (like the dashboard's chart): it is its own lazy
 * chunk, loaded only when a report is opened. Screen readers read the table under the chart instead.
 */
export default function SalesChart({ summary }: { summary: SalesSummary }) {
  const { t } = useTranslation();
  const rows = summary.rows.slice(0, 24);
  const max = Math.max(1, ...rows.flatMap((r) => [r.gross, r.previous_gross]));
  return (
    <figure data-testid="sales-chart" aria-hidden="true">
      <div className="flex h-60 items-end gap-2 border-b border-gray-200 sm:gap-3 dark:border-gray-700">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex h-full min-w-0 flex-1 items-end justify-center gap-0.5"
            title={`${row.label}: ${formatUsd(row.gross)} (${t('sales.reports.lastYear')} ${formatUsd(row.previous_gross)})`}
          >
            <div
              className="w-full max-w-5 rounded-t bg-gray-300 dark:bg-gray-600"
              style={{ height: `${(row.previous_gross / max) * 90}%` }}
            />
            <div
              className="relative w-full max-w-5 rounded-t bg-blue-500 dark:bg-blue-400"
              style={{ height: `${(row.gross / max) * 90}%`, minHeight: row.gross > 0 ? '0.25rem' : 0 }}
            >
              <span className="absolute -top-5 left-1/2 hidden -translate-x-1/2 text-[0.65rem] font-semibold whitespace-nowrap text-gray-700 lg:block dark:text-gray-300">
                {row.gross > 0 ? formatUsdCompact(row.gross) : ''}
              </span>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-1.5 flex gap-2 sm:gap-3">
        {rows.map((row) => (
          <span
            key={row.key}
            className="min-w-0 flex-1 truncate text-center text-[0.65rem] text-gray-500 sm:text-xs dark:text-gray-400"
          >
            {row.label}
          </span>
        ))}
      </div>
      <figcaption className="mt-3 flex gap-4 text-xs text-gray-600 dark:text-gray-400">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-blue-500" />
          {t('sales.reports.thisPeriod')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-gray-300 dark:bg-gray-600" />
          {t('sales.reports.lastYear')}
        </span>
      </figcaption>
    </figure>
  );
}
