import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreOccupancy } from '@storekeep/contracts';
import { Alert, Badge, Card, Skeleton, Table } from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import { percentText, useStoreOccupancy } from './queries';

const monthName = (month: string) => formatDay(`${month}-01`).replace(/ 1,/, '');

/** The store page's occupancy cost over the trailing twelve months, each lease's part and its renewal options. */
export default function StoreOccupancyCard({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const figure = useStoreOccupancy(storeId);
  if (figure.isError)
    return (
      <Alert type="error" title={t('occupancy.loadFailed')} className="mt-6">
        {t('occupancy.tryAgain')}
      </Alert>
    );
  if (figure.isPending) return <Skeleton className="mt-6 h-48 w-full" />;
  const data = figure.data;
  return (
    <Card
      className="mt-6"
      title={t('occupancy.title')}
      description={t('occupancy.window', {
        start: formatDay(data.period.start),
        end: formatDay(data.period.end),
      })}
    >
      <div data-testid="store-occupancy">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label={t('occupancy.rent')} value={formatUsd(data.rent)} />
          <Figure label={t('occupancy.charges')} value={formatUsd(data.charges)} />
          <Figure label={t('occupancy.percentageRent')} value={formatUsd(data.percentage_rent)} />
          <Figure label={t('occupancy.total')} value={formatUsd(data.occupancy_cost)} strong />
          <Figure label={t('occupancy.sales')} value={formatUsd(data.sales)} />
          <Figure
            label={t('occupancy.ratio')}
            strong
            value={
              data.ratio === null ? (
                <Badge color="yellow">{t('occupancy.incomplete')}</Badge>
              ) : (
                t('occupancy.percent', { value: percentText(data.ratio) })
              )
            }
          />
        </dl>
        {!data.complete && (
          <Alert type="warning" className="mt-4">
            {t('occupancy.incompleteText', {
              count: data.missing_months.length,
              months: data.missing_months.map(monthName).join(', '),
            })}
          </Alert>
        )}
        {data.leases.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{t('occupancy.noLeases')}</p>
        ) : (
          <LeaseParts data={data} />
        )}
        {data.options.length > 0 && <OptionRatios data={data} />}
      </div>
    </Card>
  );
}

function Figure({ label, value, strong }: { label: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600 dark:text-gray-400">{label}</dt>
      <dd
        className={
          strong
            ? 'mt-1 text-lg font-semibold break-words text-gray-900 dark:text-white'
            : 'mt-1 break-words text-gray-900 dark:text-gray-100'
        }
      >
        {value}
      </dd>
    </div>
  );
}

function LeaseParts({ data }: { data: StoreOccupancy }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">{t('occupancy.leases')}</h3>
      <Table
        caption={t('occupancy.leases')}
        rows={data.leases}
        rowKey={(lease) => lease.id}
        columns={[
          {
            key: 'lease',
            header: t('occupancy.lease'),
            cell: (lease) => (
              <Link
                to={`/leases/${lease.id}`}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {lease.reference ?? t('occupancy.noReference', { id: lease.id })}
              </Link>
            ),
          },
          { key: 'rent', header: t('occupancy.rent'), cell: (lease) => formatUsd(lease.rent) },
          {
            key: 'charges',
            header: t('occupancy.charges'),
            cell: (lease) => formatUsd(lease.charges),
            hideOnMobile: true,
          },
          {
            key: 'percentage',
            header: t('occupancy.percentageRent'),
            cell: (lease) => formatUsd(lease.percentage_rent),
            hideOnMobile: true,
          },
        ]}
      />
    </div>
  );
}

const ratioText = (t: (key: string, options?: Record<string, unknown>) => string, ratio: number | null) =>
  ratio === null ? '—' : t('occupancy.percent', { value: percentText(ratio) });

/** At each renewal option's notice window: the ratio today and at the option's rent. */
export function OptionRatios({ data }: { data: StoreOccupancy }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6" data-testid="occupancy-options">
      <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{t('occupancy.options')}</h3>
      <p className="mb-2 text-sm text-gray-600 dark:text-gray-400">{t('occupancy.optionsIntro')}</p>
      <Table
        caption={t('occupancy.options')}
        rows={data.options}
        rowKey={(option) => `${option.lease.id}-${option.position}`}
        columns={[
          {
            key: 'lease',
            header: t('occupancy.lease'),
            cell: (option) => (
              <Link
                to={`/leases/${option.lease.id}`}
                className="font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {option.lease.reference ?? t('occupancy.noReference', { id: option.lease.id })}
              </Link>
            ),
          },
          {
            key: 'notice',
            header: t('occupancy.noticeBy'),
            cell: (option) => formatDay(option.notice_deadline),
            className: 'whitespace-nowrap',
          },
          {
            key: 'rent',
            header: t('occupancy.rentAtOption'),
            cell: (option) =>
              option.monthly_rent_at_option === null
                ? t('occupancy.noOptionRent')
                : t('occupancy.perMonth', { amount: formatUsd(option.monthly_rent_at_option) }),
            hideOnMobile: true,
          },
          {
            key: 'today',
            header: t('occupancy.ratioToday'),
            cell: (option) => ratioText(t, option.ratio_today),
          },
          {
            key: 'at',
            header: t('occupancy.ratioAtOption'),
            cell: (option) => ratioText(t, option.ratio_at_option),
          },
        ]}
      />
    </div>
  );
}
