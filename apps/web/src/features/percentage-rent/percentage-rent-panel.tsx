import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BREAKPOINT_KINDS,
  BREAKPOINT_PRORATIONS,
  LEASE_YEAR_STARTS,
  type Lease,
  type PercentageRent,
  type PercentageRentYear,
} from '@storekeep/contracts';
import { api, apiUrl } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Badge, Button, buttonClasses, Card, Select, Skeleton, TextInput } from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import type { TFunction } from '../../lib/translate';
import { can } from '../auth/permissions';
import { Figure, TermsForm } from '../leases/terms-form';

function usePercentageRent(leaseId: number) {
  return useQuery({
    queryKey: queryKeys.leasePercentageRent(leaseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PercentageRent }>(`/leases/${leaseId}/percentage-rent`, { signal })
        .then((body) => body.data),
  });
}

type TermsInput = {
  breakpoint_kind: string;
  /** null: the team's default. */
  lease_year_start: string | null;
  lease_year_month: string | null;
  proration: string | null;
  tiers: { from_sales: string; rate: string }[];
  breakpoint_schedule: { lease_year: string; breakpoint: string }[];
};

function useSaveTerms(leaseId: number) {
  return useMutation({
    mutationFn: (input: TermsInput) =>
      api
        .put<{ data: PercentageRent }>(`/leases/${leaseId}/percentage-rent`, input)
        .then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leasePercentageRent(leaseId), saved);
      // The terms change the store's occupancy cost (its card, the stores column and the ranking).
      void invalidateAfterWrite(queryKeys.all('occupancy'), queryKeys.lists('stores'));
    },
    meta: { form: true },
  });
}

/** The lease page's Percentage rent tab: the terms, and each lease year's breakpoint, sales and rent due. */
export default function PercentageRentPanel({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const figures = usePercentageRent(lease.id);
  if (figures.isError)
    return (
      <Alert type="error" title={t('percentageRentTab.loadFailed')}>
        {t('percentageRentTab.tryAgain')}
      </Alert>
    );
  if (figures.isPending) return <Skeleton className="h-96 w-full" />;
  return (
    <div className="space-y-6">
      <TermsCard key={String(figures.dataUpdatedAt)} leaseId={lease.id} data={figures.data} />
      <YearsCard leaseId={lease.id} data={figures.data} />
    </div>
  );
}

function TermsCard({ leaseId, data }: { leaseId: number; data: PercentageRent }) {
  const { t } = useTranslation();
  const editable = can(data.abilities, 'update');
  const save = useSaveTerms(leaseId);
  const [kind, setKind] = useState<string>(data.terms.breakpoint_kind);
  // '' leaves the reading to the team's default (settings), shown as the first option.
  const ownStart = data.terms.lease_year_start_source === 'lease';
  const [start, setStart] = useState<string>(ownStart ? data.terms.lease_year_start : '');
  const [month, setMonth] = useState(
    ownStart && data.terms.lease_year_month !== null ? String(data.terms.lease_year_month) : '',
  );
  const [proration, setProration] = useState<string>(
    data.terms.proration_source === 'lease' ? data.terms.proration : '',
  );
  const [schedule, setSchedule] = useState(() =>
    data.terms.breakpoint_schedule.map((row) => ({
      lease_year: String(row.lease_year),
      breakpoint: String(row.breakpoint),
    })),
  );
  const [tiers, setTiers] = useState(() =>
    data.terms.tiers.map((tier) => ({ from_sales: String(tier.from_sales), rate: String(tier.rate) })),
  );
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`percentageRentTab.${group}.${value}`) }));
  // The team's reading is known from the answer only while this lease follows it; else it is named generally.
  const teamReading = {
    start: ownStart ? null : startReading(t, data.terms),
    proration:
      data.terms.proration_source === 'team'
        ? t(`percentageRentTab.proration.${data.terms.proration}`)
        : null,
  };
  const teamDefault = (reading: string | null) =>
    reading === null
      ? t('percentageRentTab.teamDefaultUnnamed')
      : t('percentageRentTab.teamDefault', { reading });
  const setTier = (index: number, field: 'from_sales' | 'rate', value: string) =>
    setTiers((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const setRow = (index: number, field: 'lease_year' | 'breakpoint', value: string) =>
    setSchedule((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <TermsForm
      title={t('percentageRentTab.terms')}
      description={
        data.rate === null
          ? t('percentageRentTab.noRate')
          : t('percentageRentTab.termsIntro', { rate: data.rate })
      }
      editable={editable}
      save={save}
      input={() => ({
        breakpoint_kind: kind,
        lease_year_start: start === '' ? null : start,
        lease_year_month: start === 'month' ? month : null,
        proration: proration === '' ? null : proration,
        tiers,
        breakpoint_schedule: kind === 'artificial' ? schedule : [],
      })}
      saveLabel={t('percentageRentTab.save')}
      savedMessage={t('percentageRentTab.saved')}
      readOnlyNote={t('percentageRentTab.readOnly')}
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label={t('percentageRentTab.fields.breakpoint_kind')}
              value={kind}
              onChange={(event) => setKind(event.target.value)}
              options={options(BREAKPOINT_KINDS, 'kind')}
              error={errors.breakpoint_kind}
            />
            <Select
              label={t('percentageRentTab.fields.proration')}
              value={proration}
              onChange={(event) => setProration(event.target.value)}
              options={[
                { value: '', label: teamDefault(teamReading.proration) },
                ...options(BREAKPOINT_PRORATIONS, 'proration'),
              ]}
              error={errors.proration}
            />
            <Select
              label={t('percentageRentTab.fields.lease_year_start')}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              options={[
                { value: '', label: teamDefault(teamReading.start) },
                ...options(LEASE_YEAR_STARTS, 'start'),
              ]}
              error={errors.lease_year_start}
            />
            {start === 'month' && (
              <TextInput
                label={t('percentageRentTab.fields.lease_year_month')}
                inputMode="numeric"
                value={month}
                onChange={(event) => setMonth(event.target.value)}
                error={errors.lease_year_month}
              />
            )}
          </div>
          {kind === 'artificial' && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-gray-900 dark:text-white">
                {t('percentageRentTab.schedule')}
              </legend>
              {schedule.map((row, index) => (
                <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                  <TextInput
                    label={t('percentageRentTab.fields.lease_year')}
                    inputMode="numeric"
                    value={row.lease_year}
                    onChange={(event) => setRow(index, 'lease_year', event.target.value)}
                    error={errors[`breakpoint_schedule.${index}.lease_year`]}
                  />
                  <TextInput
                    label={t('percentageRentTab.fields.breakpoint')}
                    inputMode="decimal"
                    value={row.breakpoint}
                    onChange={(event) => setRow(index, 'breakpoint', event.target.value)}
                    error={errors[`breakpoint_schedule.${index}.breakpoint`]}
                  />
                  <Button
                    color="white"
                    className="min-h-11"
                    onClick={() => setSchedule((rows) => rows.filter((_, i) => i !== index))}
                    aria-label={t('percentageRentTab.removeRow', { number: index + 1 })}
                  >
                    {t('percentageRentTab.remove')}
                  </Button>
                </div>
              ))}
              <Button
                color="white"
                className="min-h-11"
                onClick={() =>
                  setSchedule((rows) => [...rows, { lease_year: String(rows.length + 1), breakpoint: '' }])
                }
              >
                {t('percentageRentTab.addRow')}
              </Button>
            </fieldset>
          )}
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-gray-900 dark:text-white">
              {t('percentageRentTab.tiers')}
            </legend>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('percentageRentTab.tiersIntro')}</p>
            {tiers.map((tier, index) => (
              <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                <TextInput
                  label={t('percentageRentTab.fields.from_sales')}
                  inputMode="decimal"
                  value={tier.from_sales}
                  onChange={(event) => setTier(index, 'from_sales', event.target.value)}
                  error={errors[`tiers.${index}.from_sales`]}
                />
                <TextInput
                  label={t('percentageRentTab.fields.tier_rate')}
                  inputMode="decimal"
                  value={tier.rate}
                  onChange={(event) => setTier(index, 'rate', event.target.value)}
                  error={errors[`tiers.${index}.rate`]}
                />
                <Button
                  color="white"
                  onClick={() => setTiers((rows) => rows.filter((_, i) => i !== index))}
                  aria-label={t('percentageRentTab.removeTier', { number: index + 1 })}
                >
                  {t('percentageRentTab.remove')}
                </Button>
              </div>
            ))}
            {editable && tiers.length < 10 && (
              <Button
                color="white"
                onClick={() => setTiers((rows) => [...rows, { from_sales: '', rate: '' }])}
              >
                {t('percentageRentTab.addTier')}
              </Button>
            )}
          </fieldset>
        </>
      )}
    </TermsForm>
  );
}

/** "Rent commencement", or "A chosen month (7)" for years that start on the 1st of a month. */
function startReading(t: TFunction, terms: PercentageRent['terms']) {
  const label = t(`percentageRentTab.start.${terms.lease_year_start}`);
  return terms.lease_year_start === 'month' && terms.lease_year_month !== null
    ? `${label} (${terms.lease_year_month})`
    : label;
}

function YearsCard({ leaseId, data }: { leaseId: number; data: PercentageRent }) {
  const { t } = useTranslation();
  return (
    <Card title={t('percentageRentTab.years')} description={t('percentageRentTab.yearsIntro')}>
      <p className="mb-4 text-sm text-gray-600 dark:text-gray-400" data-testid="percentage-readings">
        {t('percentageRentTab.readings', {
          start: startReading(t, data.terms),
          startSource: t(`percentageRentTab.source.${data.terms.lease_year_start_source}`),
          proration: t(`percentageRentTab.proration.${data.terms.proration}`),
          prorationSource: t(`percentageRentTab.source.${data.terms.proration_source}`),
        })}
      </p>
      {data.years.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('percentageRentTab.noYears')}</p>
      ) : (
        <ol className="space-y-4">
          {data.years.map((year) => (
            <YearItem key={year.lease_year} leaseId={leaseId} year={year} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function YearItem({ leaseId, year }: { leaseId: number; year: PercentageRentYear }) {
  const { t } = useTranslation();
  const status = !year.ended ? 'running' : year.complete ? 'final' : 'provisional';
  const statement = (format: 'csv' | 'pdf') =>
    apiUrl(`/leases/${leaseId}/percentage-rent/statement.${format}`, { lease_year: year.lease_year });
  return (
    <li
      aria-label={t('percentageRentTab.yearLabel', { number: year.lease_year })}
      className="rounded-md border border-gray-200 p-4 dark:border-gray-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-gray-900 dark:text-white">
          {t('percentageRentTab.yearLabel', { number: year.lease_year })}{' '}
          <span className="font-normal text-gray-600 dark:text-gray-400">
            {formatDay(year.start)} – {formatDay(year.end)}
            {year.partial &&
              ` · ${t('percentageRentTab.partial', { days: year.days, of: year.full_year_days })}`}
          </span>
        </h3>
        <Badge color={status === 'final' ? 'green' : status === 'provisional' ? 'yellow' : 'gray'}>
          {t(`percentageRentTab.status.${status}`)}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('percentageRentTab.baseRent')} value={formatUsd(year.base_rent)} />
        <Figure
          label={t('percentageRentTab.breakpoint')}
          value={year.breakpoint === null ? '—' : formatUsd(year.breakpoint)}
          note={year.breakpoint_basis}
        />
        <Figure label={t('percentageRentTab.salesReported')} value={formatUsd(year.sales_reported)} />
        <Figure label={t('percentageRentTab.rentDue')} value={formatUsd(year.rent_due)} />
      </dl>
      {year.missing_months.length > 0 && (
        <p className="mt-3 text-sm text-amber-800 dark:text-amber-300">
          {t('percentageRentTab.notReported', { months: year.missing_months.join(', ') })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={statement('pdf')} download className={buttonClasses('white', 'sm', 'min-h-11')}>
          {t('percentageRentTab.statementPdf', { number: year.lease_year })}
        </a>
        <a href={statement('csv')} download className={buttonClasses('white', 'sm', 'min-h-11')}>
          {t('percentageRentTab.statementCsv', { number: year.lease_year })}
        </a>
      </div>
    </li>
  );
}
