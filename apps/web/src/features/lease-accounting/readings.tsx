import { useTranslation } from 'react-i18next';
import {
  ACCOUNTING_READINGS,
  type AccountingReading,
  type LeaseAccounting,
  type LeaseSchedule,
  type ReadingSource,
} from '@storekeep/contracts';
import type { TFunction } from '../../lib/translate';

/** Where each reading's short names live (the form's longer option labels would nest parentheses). */
const NAMES: Record<AccountingReading, string> = {
  rate_convention: 'conventions',
  payment_timing: 'timingsShort',
  rounding: 'roundings',
  precision: 'precisionsShort',
};

/** "In advance", "Annual rate ÷ 12", "Half up", "Whole units". */
export const readingName = (t: TFunction, reading: AccountingReading, value: string) =>
  t(`leaseAccounting.${NAMES[reading]}.${value}`);

type WithReadings = Pick<LeaseAccounting | LeaseSchedule, AccountingReading> &
  Record<`${AccountingReading}_source`, ReadingSource>;

/**
 * The readings a schedule was computed with, each named as the lease's own or the team's default, as
 * percentage rent and CAM name theirs beside their figures.
 */
export function ScheduleReadings({ of }: { of: WithReadings }) {
  const { t } = useTranslation();
  return (
    <dl
      className="mb-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4"
      data-testid="accounting-readings"
    >
      {ACCOUNTING_READINGS.map((reading) => (
        <div key={reading}>
          <dt className="text-gray-500 dark:text-gray-400">{t(`leaseAccounting.fields.${reading}`)}</dt>
          <dd className="text-gray-900 dark:text-white">
            {readingName(t, reading, of[reading])}{' '}
            <span className="text-gray-500 dark:text-gray-400">
              ({t(`leaseAccounting.source.${of[`${reading}_source`]}`)})
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
