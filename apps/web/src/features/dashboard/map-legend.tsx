import { useTranslation } from 'react-i18next';
import { BUCKET_COLORS, BUCKETS } from './deadline-colors';

/** What the marker colours mean; drawn outside the lazy map chunk so it shows while the map loads. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <div className="mt-3">
      <ul
        aria-label={t('dashboardExtra.legend')}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400"
      >
        {BUCKETS.map((bucket) => (
          <li key={bucket} className="inline-flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-full ring-2"
              style={{
                backgroundColor: BUCKET_COLORS[bucket].fill,
                ['--tw-ring-color' as string]: BUCKET_COLORS[bucket].stroke,
              }}
              aria-hidden="true"
            />
            {t(`dashboardExtra.${bucket}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
