import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Card, Skeleton, Table } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { percentText, useOccupancyRanking } from './queries';

/** The dashboard's ranking of stores by occupancy cost ÷ sales, each beside its brand's median. */
export default function OccupancyRankingCard() {
  const { t } = useTranslation();
  const ranking = useOccupancyRanking();
  if (ranking.isError)
    return (
      <Alert type="error" title={t('occupancy.loadFailed')} className="mt-8">
        {t('occupancy.tryAgain')}
      </Alert>
    );
  if (ranking.isPending) return <Skeleton className="mt-8 h-64 w-full" />;
  const data = ranking.data;
  const percent = (ratio: number | null) =>
    ratio === null ? '—' : t('occupancy.percent', { value: percentText(ratio) });
  return (
    <Card
      className="mt-8"
      title={t('occupancy.ranking')}
      description={t('occupancy.rankingIntro', {
        start: formatDay(data.period.start),
        end: formatDay(data.period.end),
      })}
    >
      <div data-testid="occupancy-ranking">
        {data.stores.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('occupancy.rankingEmpty')}</p>
        ) : (
          <Table
            caption={t('occupancy.ranking')}
            rows={data.stores}
            rowKey={(store) => store.id}
            columns={[
              {
                key: 'store',
                header: t('occupancy.store'),
                cell: (store) => (
                  <Link
                    to={`/stores/${store.id}`}
                    className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                  >
                    {store.name}
                  </Link>
                ),
              },
              {
                key: 'brand',
                header: t('occupancy.brand'),
                cell: (store) => store.brand?.name ?? t('occupancy.noBrand'),
                hideOnMobile: true,
              },
              { key: 'ratio', header: t('occupancy.column'), cell: (store) => percent(store.ratio) },
              {
                key: 'median',
                header: t('occupancy.brandMedian'),
                cell: (store) => percent(store.brand_median),
              },
            ]}
          />
        )}
        {data.incomplete > 0 && (
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
            {t('occupancy.rankingIncomplete', { count: data.incomplete })}
          </p>
        )}
      </div>
    </Card>
  );
}
