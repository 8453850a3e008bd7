import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  BREAKPOINT_PRORATIONS,
  LEASE_YEAR_STARTS,
  TOAST_TIMEOUT_MS,
  teamSettingsInputSchema,
  type TeamSettings,
  type TeamSettingsInput,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Button, Card, Select, Skeleton, TextInput, Textarea } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

const FIELDS = [
  'lead_days',
  'window_days',
  'alignment_days',
  'time_zone',
  'digest_hour',
  'expired_lease_status',
  'holiday_calendar',
  'holidays',
  'lease_months',
  'day_count',
  'percentage_year_start',
  'percentage_year_month',
  'percentage_proration',
] as const;

type FormValues = Record<(typeof FIELDS)[number], string>;

const toForm = (settings: TeamSettings): FormValues => ({
  lead_days: settings.lead_days.join(', '),
  window_days: String(settings.window_days),
  alignment_days: String(settings.alignment_days),
  time_zone: settings.time_zone,
  digest_hour: String(settings.digest_hour),
  expired_lease_status: settings.expired_lease_status,
  holiday_calendar: settings.holiday_calendar,
  holidays: settings.holidays.map((h) => `${h.date} ${h.name}`).join('\n'),
  lease_months: settings.lease_months,
  day_count: settings.day_count,
  percentage_year_start: settings.percentage_year_start,
  percentage_year_month:
    settings.percentage_year_month === null ? '' : String(settings.percentage_year_month),
  percentage_proration: settings.percentage_proration,
});

/** Every zone the browser knows, with the team's current one first in case the browser lacks it. */
function timeZoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...zones])].map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
}

/** The message of a field or, for a list, of its first entry with one ("The holiday date is not a valid date."). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** "Reminder lead times" on the team page (admins): GET/PATCH /teams/{id}/settings with the contract's rules. */
export function ReminderSettingsCard({ teamId }: { teamId: number }) {
  const settings = useQuery({
    queryKey: queryKeys.teamSettings(teamId),
    queryFn: ({ signal }) =>
      api.get<{ data: TeamSettings }>(`/teams/${teamId}/settings`, { signal }).then((body) => body.data),
  });
  if (!settings.data) return <Skeleton className="h-72 w-full" />;
  return (
    <ReminderSettingsForm key={JSON.stringify(settings.data)} teamId={teamId} settings={settings.data} />
  );
}

function ReminderSettingsForm({ teamId, settings }: { teamId: number; settings: TeamSettings }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, TeamSettingsInput>({
    // The text boxes hold strings; the shared schema turns "180, 90" into [180, 90] and checks it.
    resolver: zodResolver(teamSettingsInputSchema) as never,
    defaultValues: toForm(settings),
  });
  const save = useMutation({
    mutationFn: (input: TeamSettingsInput) =>
      api.patch<{ data: TeamSettings }>(`/teams/${teamId}/settings`, input).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.teamSettings(teamId), saved);
      // Lead times move reminders in and out of the inbox; the window changes the dashboard's counts.
      void invalidateAfterWrite(queryKeys.all('reminders'), queryKeys.dashboard, queryKeys.authUser);
      toast.success(t('teamSettings.saved'), { duration: TOAST_TIMEOUT_MS });
    },
    onError: (error) => applyServerErrors(error, setError, FIELDS),
    meta: { form: true },
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <Card
        title={t('teamSettings.title')}
        description={t('teamSettings.text')}
        footer={
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        }
      >
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <TextInput
            containerClassName="sm:col-span-2"
            label={t('teamSettings.lead_days')}
            hint={t('teamSettings.leadHint')}
            inputMode="numeric"
            autoComplete="off"
            error={formState.errors.lead_days?.message}
            {...register('lead_days')}
          />
          <TextInput
            label={t('teamSettings.window_days')}
            hint={t('teamSettings.windowHint')}
            type="number"
            min={1}
            max={3650}
            error={formState.errors.window_days?.message}
            {...register('window_days')}
          />
          <TextInput
            label={t('teamSettings.alignment_days')}
            hint={t('teamSettings.alignmentHint')}
            type="number"
            min={0}
            max={3650}
            error={formState.errors.alignment_days?.message}
            {...register('alignment_days')}
          />
          <Select
            label={t('teamSettings.time_zone')}
            hint={t('teamSettings.timeZoneHint')}
            options={timeZoneOptions(settings.time_zone)}
            error={formState.errors.time_zone?.message}
            {...register('time_zone')}
          />
          <Select
            label={t('teamSettings.digest_hour')}
            hint={t('teamSettings.digestHint')}
            options={HOURS}
            error={formState.errors.digest_hour?.message}
            {...register('digest_hour')}
          />
          <Select
            label={t('teamSettings.expired_lease_status')}
            hint={t('teamSettings.expiredHint')}
            options={[
              { value: 'holdover', label: t('teamSettings.expired.holdover') },
              { value: 'expired', label: t('teamSettings.expired.expired') },
            ]}
            error={formState.errors.expired_lease_status?.message}
            {...register('expired_lease_status')}
          />
          <Select
            label={t('teamSettings.holiday_calendar')}
            options={[
              { value: 'us_federal', label: t('teamSettings.calendars.us_federal') },
              { value: 'none', label: t('teamSettings.calendars.none') },
            ]}
            error={formState.errors.holiday_calendar?.message}
            {...register('holiday_calendar')}
          />
          <Textarea
            containerClassName="sm:col-span-2"
            label={t('teamSettings.holidays')}
            hint={t('teamSettings.holidaysHint')}
            rows={3}
            error={firstMessage(formState.errors.holidays)}
            {...register('holidays')}
          />
          <Select
            label={t('teamSettings.lease_months')}
            hint={t('teamSettings.leaseMonthsHint')}
            options={[
              { value: 'anniversary', label: t('teamSettings.leaseMonths.anniversary') },
              { value: 'first_full_month', label: t('teamSettings.leaseMonths.first_full_month') },
            ]}
            error={formState.errors.lease_months?.message}
            {...register('lease_months')}
          />
          <Select
            label={t('teamSettings.day_count')}
            hint={t('teamSettings.dayCountHint')}
            options={[
              { value: 'exclusive', label: t('teamSettings.dayCount.exclusive') },
              { value: 'inclusive', label: t('teamSettings.dayCount.inclusive') },
            ]}
            error={formState.errors.day_count?.message}
            {...register('day_count')}
          />
          <Select
            label={t('teamSettings.percentage_year_start')}
            hint={t('teamSettings.percentageYearStartHint')}
            options={LEASE_YEAR_STARTS.map((value) => ({
              value,
              label: t(`percentageRentTab.start.${value}`),
            }))}
            error={formState.errors.percentage_year_start?.message}
            {...register('percentage_year_start')}
          />
          <TextInput
            label={t('teamSettings.percentage_year_month')}
            hint={t('teamSettings.percentageYearMonthHint')}
            inputMode="numeric"
            error={formState.errors.percentage_year_month?.message}
            {...register('percentage_year_month')}
          />
          <Select
            label={t('teamSettings.percentage_proration')}
            hint={t('teamSettings.percentageProrationHint')}
            options={BREAKPOINT_PRORATIONS.map((value) => ({
              value,
              label: t(`percentageRentTab.proration.${value}`),
            }))}
            error={formState.errors.percentage_proration?.message}
            {...register('percentage_proration')}
          />
        </div>
      </Card>
    </form>
  );
}
