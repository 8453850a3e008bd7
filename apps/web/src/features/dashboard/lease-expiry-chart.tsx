import { useTranslation } from 'react-i18next';
import { Card, Skeleton } from '../../components/ui';
import { formatCount } from '../../lib/format';

type YearCount = { year: number; count: number };

/**
 * Lease expirations per year as plain CSS bars: ten bars need no chart library, so nothing is added to
 * any bundle. Screen readers get the same figures as a table.
 */
export function LeaseExpiryChart({ years, loading }: { years: YearCount[]; loading: boolean }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...years.map((row) => row.count));
  const empty = years.every((row) => row.count === 0);
  return (
    <Card title={t('dashboardExtra.expiries')} description={t('dashboardExtra.expiriesText')}>
      {loading ? (
        <Skeleton className="h-56 w-full" />
      ) : empty ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('dashboardExtra.expiriesEmpty')}</p>
      ) : (
        <figure data-testid="expiry-chart">
          <div
            className="flex h-56 items-end gap-1.5 border-b border-gray-200 sm:gap-3 dark:border-gray-700"
            aria-hidden="true"
          >
            {years.map((row) => (
              <div
                key={row.year}
                className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                title={t('dashboardExtra.expiriesBar', { year: row.year, count: row.count })}
              >
                <span className="text-xs font-semibold text-gray-700 tabular-nums dark:text-gray-300">
                  {row.count > 0 ? formatCount(row.count) : ''}
                </span>
                <div
                  className="w-full max-w-12 rounded-t bg-blue-500 dark:bg-blue-400"
                  style={{ height: `${(row.count / max) * 85}%`, minHeight: row.count > 0 ? '0.25rem' : 0 }}
                />
              </div>
            ))}
          </div>
          <div className="mt-1.5 flex gap-1.5 sm:gap-3" aria-hidden="true">
            {years.map((row) => (
              <span
                key={row.year}
                className="min-w-0 flex-1 text-center text-[0.65rem] text-gray-500 tabular-nums sm:text-xs dark:text-gray-400"
              >
                <span className="sm:hidden">’{String(row.year).slice(2)}</span>
                <span className="hidden sm:inline">{row.year}</span>
              </span>
            ))}
          </div>
          <table className="sr-only">
            <caption>{t('dashboardExtra.expiries')}</caption>
            <tbody>
              {years.map((row) => (
                <tr key={row.year}>
                  <th scope="row">{row.year}</th>
                  <td>{t('dashboardExtra.expiriesBar', { year: row.year, count: row.count })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </Card>
  );
}
