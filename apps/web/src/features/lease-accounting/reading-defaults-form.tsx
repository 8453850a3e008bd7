import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  PAYMENT_TIMINGS,
  RATE_CONVENTIONS,
  ROUNDING_MODES,
  ROUNDING_PRECISIONS,
  teamAccountingReadingsInputSchema,
  type TeamAccountingReadingsInput,
  type TeamSettings,
} from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { Alert, Button, Select, Skeleton } from '../../components/ui';
import { useRequiredUser } from '../auth/use-auth-user';
import { useSaveAccountingReadings, useTeamSettings } from './team-queries';

type Field = keyof TeamAccountingReadingsInput;

/** Each team setting, the choices it offers and where their names live (the Accounting tab's own strings). */
const READINGS: Array<{ field: Field; values: readonly string[]; group: string; label: string }> = [
  { field: 'accounting_payment_timing', values: PAYMENT_TIMINGS, group: 'timings', label: 'payment_timing' },
  {
    field: 'accounting_rate_convention',
    values: RATE_CONVENTIONS,
    group: 'conventions',
    label: 'rate_convention',
  },
  { field: 'accounting_rounding', values: ROUNDING_MODES, group: 'roundings', label: 'rounding' },
  { field: 'accounting_precision', values: ROUNDING_PRECISIONS, group: 'precisions', label: 'precision' },
];

/**
 * The team's default readings, beside the borrowing rates: what every lease whose profile leaves a reading on
 * "Team default" uses. Saved through the team's settings (`PATCH /teams/{id}/settings`, these four fields only).
 */
export function ReadingDefaults({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const teamId = user.team_id ?? 0;
  const settings = useTeamSettings(teamId);
  if (settings.isError) return <Alert type="error">{t('leaseAccountingPage.loadFailed')}</Alert>;
  if (!settings.data) return <Skeleton className="h-72 w-full" />;
  return (
    <ReadingDefaultsForm
      key={JSON.stringify(settings.data)}
      teamId={teamId}
      settings={settings.data}
      editable={editable}
    />
  );
}

function ReadingDefaultsForm({
  teamId,
  settings,
  editable,
}: {
  teamId: number;
  settings: TeamSettings;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveAccountingReadings(teamId);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    accounting_rate_convention: settings.accounting_rate_convention,
    accounting_payment_timing: settings.accounting_payment_timing,
    accounting_rounding: settings.accounting_rounding,
    accounting_precision: settings.accounting_precision,
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The server's rules, checked here first: the same messages either way.
    const parsed = teamAccountingReadingsInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t('leaseAccountingPage.readingsSaved'));
    } catch (error) {
      if (!isApiError(error) || error.status !== 422) return;
      setErrors(
        Object.fromEntries(
          Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
        ),
      );
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <fieldset className="space-y-3" disabled={!editable}>
        <legend className="text-sm font-semibold text-gray-900 dark:text-white">
          {t('leaseAccountingPage.readings')}
        </legend>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('leaseAccountingPage.readingsIntro')}</p>
        {READINGS.map(({ field, values: choices, group, label }) => (
          <Select
            key={field}
            label={t(`leaseAccounting.fields.${label}`)}
            options={choices.map((value) => ({ value, label: t(`leaseAccounting.${group}.${value}`) }))}
            value={values[field]}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            error={errors[field]}
          />
        ))}
      </fieldset>
      {editable && (
        <Button type="submit" loading={save.isPending}>
          {t('leaseAccountingPage.saveReadings')}
        </Button>
      )}
    </form>
  );
}
