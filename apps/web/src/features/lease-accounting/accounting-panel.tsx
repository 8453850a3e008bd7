import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ACCOUNTING_STANDARDS,
  ASC842_CRITERIA,
  PAYMENT_TIMINGS,
  RATE_CONVENTIONS,
  RECOGNITION_EXEMPTIONS,
  ROUNDING_MODES,
  ROUNDING_PRECISIONS,
  type AccountingReading,
  type Lease,
  type LeaseAccounting,
} from '@storekeep/contracts';
import { Alert, Button, Card, Checkbox, Select, Skeleton, TextInput } from '../../components/ui';
import { can } from '../auth/permissions';
import { applyNestedErrors } from '../leases/queries';
import { useLeaseAccounting, useSaveLeaseAccounting } from './queries';
import { readingName } from './readings';
import { ScheduleCard } from './schedule-card';

type FormValues = {
  standard: string;
  exemption: string;
  commencement_date: string;
  discount_rate: string;
  rate_convention: string;
  payment_timing: string;
  rounding: string;
  precision: string;
  classification_answers: Record<string, boolean>;
  classification_override: string;
  classification_reason: string;
  reasonably_certain_options: string[];
  renewal_increase_percent: string;
  initial_direct_costs: string;
  incentives: string;
  prepaid_rent: string;
};

const FIELDS = [
  'standard',
  'exemption',
  'commencement_date',
  'discount_rate',
  'rate_convention',
  'payment_timing',
  'rounding',
  'precision',
  'classification_answers',
  'classification_override',
  'classification_reason',
  'reasonably_certain_options',
  'renewal_increase_percent',
  'initial_direct_costs',
  'incentives',
  'prepaid_rent',
] as const;

function valuesOf(profile: LeaseAccounting): FormValues {
  return {
    standard: profile.standard,
    exemption: profile.exemption,
    commencement_date: profile.commencement_date ?? '',
    discount_rate: profile.discount_rate === null ? '' : String(profile.discount_rate),
    // '' is "Team default": the reading follows the team's setting.
    rate_convention: profile.rate_convention_source === 'lease' ? profile.rate_convention : '',
    payment_timing: profile.payment_timing_source === 'lease' ? profile.payment_timing : '',
    rounding: profile.rounding_source === 'lease' ? profile.rounding : '',
    precision: profile.precision_source === 'lease' ? profile.precision : '',
    classification_answers: Object.fromEntries(
      ASC842_CRITERIA.map((c) => [c, profile.classification_answers[c] === true]),
    ),
    classification_override: profile.classification_override ?? '',
    classification_reason: profile.classification_reason ?? '',
    reasonably_certain_options: profile.reasonably_certain_options.map(String),
    renewal_increase_percent: String(profile.renewal_increase_percent),
    initial_direct_costs: String(profile.initial_direct_costs),
    incentives: String(profile.incentives),
    prepaid_rent: String(profile.prepaid_rent),
  };
}

/** What the API takes: blanks as null (rate, date, override, readings left to the team), positions as numbers. */
function bodyOf(values: FormValues) {
  return {
    ...values,
    rate_convention: values.rate_convention || null,
    payment_timing: values.payment_timing || null,
    rounding: values.rounding || null,
    precision: values.precision || null,
    commencement_date: values.commencement_date || null,
    discount_rate: values.discount_rate.trim() === '' ? null : values.discount_rate,
    classification_override: values.classification_override || null,
    classification_reason: values.classification_reason || null,
    reasonably_certain_options: values.reasonably_certain_options.map(Number),
  };
}

/** The Accounting tab of a lease: its ASC 842 / IFRS 16 profile, the monthly schedule and the downloads. */
export default function LeaseAccountingPanel({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const profile = useLeaseAccounting(lease.id);
  if (profile.isError)
    return (
      <Alert type="error" title={t('leaseAccounting.loadFailed')}>
        {t('leaseAccounting.tryAgain')}
      </Alert>
    );
  if (!profile.data) return <Skeleton className="h-96 w-full" />;
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm key={JSON.stringify(profile.data)} lease={lease} profile={profile.data} />
      <ScheduleCard lease={lease} profile={profile.data} />
    </div>
  );
}

function ProfileForm({ lease, profile }: { lease: Lease; profile: LeaseAccounting }) {
  const { t } = useTranslation();
  const save = useSaveLeaseAccounting(lease.id);
  const form = useForm<FormValues>({ defaultValues: valuesOf(profile) });
  const { register, handleSubmit, setError, formState } = form;
  const err = (field: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const readOnly = !can(profile.abilities, 'update');
  const renewals = lease.options
    .map((option, position) => ({ option, position }))
    .filter(({ option }) => option.kind === 'renewal' && option.length_months);
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`leaseAccounting.${group}.${value}`) }));
  // A reading's choices start with "Team default": named while this lease follows it (the answer then holds the
  // team's reading), named generally once the lease has its own.
  const readingOptions = (reading: AccountingReading, values: readonly string[], group: string) => [
    {
      value: '',
      label:
        profile[`${reading}_source`] === 'team'
          ? t('leaseAccounting.teamDefault', { reading: readingName(t, reading, profile[reading]) })
          : t('leaseAccounting.teamDefaultUnnamed'),
    },
    ...options(values, group),
  ];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyOf(values));
      toast.success(t('leaseAccounting.saved'));
    } catch (error) {
      applyNestedErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('leaseAccounting.profile')}
        description={t('leaseAccounting.profileIntro')}
        footer={
          readOnly ? undefined : (
            <Button type="submit" loading={save.isPending}>
              {t('leaseAccounting.save')}
            </Button>
          )
        }
      >
        <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">{t('leaseAccounting.profile')}</legend>
          <Select
            label={t('leaseAccounting.fields.standard')}
            options={options(ACCOUNTING_STANDARDS, 'standards')}
            error={err('standard')}
            {...register('standard')}
          />
          <TextInput
            label={t('leaseAccounting.fields.discount_rate')}
            hint={t('leaseAccounting.hints.discount_rate')}
            inputMode="decimal"
            error={err('discount_rate')}
            {...register('discount_rate')}
          />
          <TextInput
            type="date"
            label={t('leaseAccounting.fields.commencement_date')}
            hint={t('leaseAccounting.hints.commencement_date')}
            error={err('commencement_date')}
            {...register('commencement_date')}
          />
          <Select
            label={t('leaseAccounting.fields.payment_timing')}
            hint={t('leaseAccounting.hints.readings')}
            options={readingOptions('payment_timing', PAYMENT_TIMINGS, 'timings')}
            error={err('payment_timing')}
            {...register('payment_timing')}
          />
          <Select
            label={t('leaseAccounting.fields.rate_convention')}
            options={readingOptions('rate_convention', RATE_CONVENTIONS, 'conventions')}
            error={err('rate_convention')}
            {...register('rate_convention')}
          />
          <Select
            label={t('leaseAccounting.fields.rounding')}
            options={readingOptions('rounding', ROUNDING_MODES, 'roundings')}
            error={err('rounding')}
            {...register('rounding')}
          />
          <Select
            label={t('leaseAccounting.fields.precision')}
            options={readingOptions('precision', ROUNDING_PRECISIONS, 'precisions')}
            hint={t('leaseAccounting.hints.precision')}
            error={err('precision')}
            {...register('precision')}
          />
          <Select
            label={t('leaseAccounting.fields.exemption')}
            options={options(RECOGNITION_EXEMPTIONS, 'exemptions')}
            error={err('exemption')}
            {...register('exemption')}
          />
          <TextInput
            label={t('leaseAccounting.fields.initial_direct_costs')}
            inputMode="decimal"
            error={err('initial_direct_costs')}
            {...register('initial_direct_costs')}
          />
          <TextInput
            label={t('leaseAccounting.fields.incentives')}
            inputMode="decimal"
            error={err('incentives')}
            {...register('incentives')}
          />
          <TextInput
            label={t('leaseAccounting.fields.prepaid_rent')}
            inputMode="decimal"
            error={err('prepaid_rent')}
            {...register('prepaid_rent')}
          />
          <fieldset className="sm:col-span-2 lg:col-span-3">
            <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">
              {t('leaseAccounting.criteria')}
            </legend>
            <div className="mt-1 grid gap-x-6 sm:grid-cols-2">
              {ASC842_CRITERIA.map((criterion) => (
                <Checkbox
                  key={criterion}
                  label={t(`leaseAccounting.criteriaNames.${criterion}`)}
                  {...register(`classification_answers.${criterion}`)}
                />
              ))}
            </div>
          </fieldset>
          <Select
            label={t('leaseAccounting.fields.classification_override')}
            options={[
              { value: '', label: t('leaseAccounting.noOverride') },
              ...options(['operating', 'finance'], 'classifications'),
            ]}
            error={err('classification_override')}
            {...register('classification_override')}
          />
          <TextInput
            label={t('leaseAccounting.fields.classification_reason')}
            error={err('classification_reason')}
            containerClassName="sm:col-span-1 lg:col-span-2"
            {...register('classification_reason')}
          />
          {renewals.length > 0 && (
            <fieldset className="sm:col-span-2 lg:col-span-3">
              <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">
                {t('leaseAccounting.fields.reasonably_certain_options')}
              </legend>
              {renewals.map(({ option, position }) => (
                <Checkbox
                  key={position}
                  value={String(position)}
                  label={t('leaseAccounting.renewalOption', {
                    number: position + 1,
                    count: option.count - option.exercised_count,
                    months: option.length_months,
                  })}
                  {...register('reasonably_certain_options')}
                />
              ))}
              {err('reasonably_certain_options') && (
                <p className="text-sm text-red-600 dark:text-red-400">{err('reasonably_certain_options')}</p>
              )}
              <TextInput
                label={t('leaseAccounting.fields.renewal_increase_percent')}
                inputMode="decimal"
                containerClassName="mt-2 max-w-xs"
                error={err('renewal_increase_percent')}
                {...register('renewal_increase_percent')}
              />
            </fieldset>
          )}
        </fieldset>
        <Resolved profile={profile} />
      </Card>
    </form>
  );
}

function Resolved({ profile }: { profile: LeaseAccounting }) {
  const { t } = useTranslation();
  const r = profile.resolved;
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-2 border-t border-gray-100 pt-4 text-sm sm:grid-cols-3 dark:border-gray-800">
      <div>
        <dt className="text-gray-500 dark:text-gray-400">{t('leaseAccounting.resolved.classification')}</dt>
        <dd className="font-medium text-gray-900 dark:text-white">
          {t(`leaseAccounting.expenseModels.${r.expense_model}`)}
          {r.overridden && ` (${t('leaseAccounting.resolved.overridden')})`}
        </dd>
      </div>
      <div>
        <dt className="text-gray-500 dark:text-gray-400">{t('leaseAccounting.resolved.term')}</dt>
        <dd className="font-medium text-gray-900 dark:text-white">
          {r.term_months === null
            ? '—'
            : t('leaseAccounting.resolved.termValue', {
                months: r.term_months,
                from: r.commencement_date,
                to: r.term_end,
              })}
        </dd>
      </div>
      <div>
        <dt className="text-gray-500 dark:text-gray-400">{t('leaseAccounting.resolved.rate')}</dt>
        <dd className="font-medium text-gray-900 dark:text-white">
          {r.discount_rate === null
            ? '—'
            : `${r.discount_rate}% (${t(`leaseAccounting.rateSources.${r.rate_source ?? 'lease'}`)})`}
        </dd>
      </div>
    </dl>
  );
}
