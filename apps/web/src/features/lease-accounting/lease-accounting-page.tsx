import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GL_ACCOUNT_ROLES, type LeaseAccountingSettings, type LeaseDisclosures } from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  Table,
  TextInput,
  type Column,
} from '../../components/ui';
import { formatDate, formatUsd } from '../../lib/format';
import { can } from '../auth/permissions';
import { ReadingDefaults } from './reading-defaults-form';
import {
  useCloseMonth,
  useLeaseAccountingCloses,
  useLeaseAccountingSettings,
  useLeaseDisclosures,
  useSaveLeaseAccountingSettings,
  type SettingsInput,
} from './team-queries';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** /lease-accounting: the team's borrowing rates and GL accounts, month closes and portfolio disclosures. */
export function LeaseAccountingPage() {
  return (
    <div className="space-y-6">
      <SettingsCard />
      <ClosesCard />
      <DisclosuresCard />
    </div>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const settings = useLeaseAccountingSettings();
  return (
    <Card title={t('leaseAccountingPage.settings')} description={t('leaseAccountingPage.settingsIntro')}>
      {settings.isError ? (
        <Alert type="error">{t('leaseAccountingPage.loadFailed')}</Alert>
      ) : settings.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        // The team's default readings sit beside the borrowing rates: both apply to every lease that does not
        // set its own. Two forms, as they are saved to two places (the module's settings, the team's).
        <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <SettingsForm settings={settings.data} />
          <div className="border-t border-gray-100 pt-6 xl:border-t-0 xl:border-l xl:pt-0 xl:pl-8 dark:border-gray-800">
            <ReadingDefaults editable={can(settings.data.abilities, 'update')} />
          </div>
        </div>
      )}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: LeaseAccountingSettings }) {
  const { t } = useTranslation();
  const editable = can(settings.abilities, 'update');
  const save = useSaveLeaseAccountingSettings();
  const [rates, setRates] = useState(() =>
    settings.borrowing_rates.map((band) => ({
      up_to_months: String(band.up_to_months),
      rate: String(band.rate),
    })),
  );
  const [accounts, setAccounts] = useState<Record<string, string>>(() => ({ ...settings.gl_accounts }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const input: SettingsInput = { borrowing_rates: rates, gl_accounts: accounts };
    try {
      await save.mutateAsync(input);
      toast.success(t('leaseAccountingPage.settingsSaved'));
    } catch (error) {
      if (!isApiError(error) || error.status !== 422) return;
      setErrors(
        Object.fromEntries(
          Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
        ),
      );
    }
  }

  const setRate = (index: number, field: 'up_to_months' | 'rate', value: string) =>
    setRates((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900 dark:text-white">
          {t('leaseAccountingPage.rates')}
        </legend>
        {rates.length === 0 && (
          <p className="text-sm text-gray-500 dark:text-gray-400">{t('leaseAccountingPage.noRates')}</p>
        )}
        {rates.map((row, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            <TextInput
              label={t('leaseAccountingPage.upToMonths')}
              inputMode="numeric"
              value={row.up_to_months}
              readOnly={!editable}
              onChange={(event) => setRate(index, 'up_to_months', event.target.value)}
              error={errors[`borrowing_rates.${index}.up_to_months`]}
            />
            <TextInput
              label={t('leaseAccountingPage.rate')}
              inputMode="decimal"
              value={row.rate}
              readOnly={!editable}
              onChange={(event) => setRate(index, 'rate', event.target.value)}
              error={errors[`borrowing_rates.${index}.rate`]}
            />
            {editable && (
              <Button
                color="white"
                className="min-h-11"
                onClick={() => setRates((current) => current.filter((_, i) => i !== index))}
                aria-label={t('leaseAccountingPage.removeRate', { number: index + 1 })}
              >
                {t('leaseAccountingPage.remove')}
              </Button>
            )}
          </div>
        ))}
        {errors.borrowing_rates && <p className="text-sm text-red-600">{errors.borrowing_rates}</p>}
        {editable && (
          <Button
            color="white"
            className="min-h-11"
            onClick={() => setRates((current) => [...current, { up_to_months: '', rate: '' }])}
          >
            {t('leaseAccountingPage.addRate')}
          </Button>
        )}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900 dark:text-white">
          {t('leaseAccountingPage.glAccounts')}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {GL_ACCOUNT_ROLES.map((role) => (
            <TextInput
              key={role}
              label={t(`leaseAccountingPage.gl.${role}`)}
              value={accounts[role] ?? ''}
              readOnly={!editable}
              maxLength={60}
              onChange={(event) => setAccounts((current) => ({ ...current, [role]: event.target.value }))}
              error={errors[`gl_accounts.${role}`]}
            />
          ))}
        </div>
      </fieldset>
      {editable ? (
        <Button type="submit" loading={save.isPending}>
          {t('leaseAccountingPage.saveSettings')}
        </Button>
      ) : (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('leaseAccountingPage.adminsEdit')}</p>
      )}
    </form>
  );
}

function ClosesCard() {
  const { t } = useTranslation();
  const closes = useLeaseAccountingCloses();
  const settings = useLeaseAccountingSettings();
  const close = useCloseMonth();
  const latest = closes.data?.[0]?.period;
  const next = latest ? shiftMonth(latest, 1) : shiftMonth(currentMonth(), -1);
  const [confirming, setConfirming] = useState(false);
  // Closing is the team's settings' business: the same admins who may edit the settings.
  const canClose = can(settings.data?.abilities, 'update');

  async function onClose() {
    await close.mutateAsync(next);
    setConfirming(false);
    toast.success(t('leaseAccountingPage.closed', { month: next }));
  }

  return (
    <Card title={t('leaseAccountingPage.closes')} description={t('leaseAccountingPage.closesIntro')}>
      {closes.isError ? (
        <Alert type="error">{t('leaseAccountingPage.loadFailed')}</Alert>
      ) : closes.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="space-y-4">
          {closes.data.length === 0 ? (
            <EmptyState
              icon={<Lock />}
              title={t('leaseAccountingPage.noCloses')}
              text={t('leaseAccountingPage.noClosesText')}
            />
          ) : (
            <Table
              caption={t('leaseAccountingPage.closes')}
              rows={closes.data}
              rowKey={(row) => row.period}
              columns={[
                { key: 'period', header: t('leaseAccountingPage.period'), cell: (row) => row.period },
                {
                  key: 'closed_at',
                  header: t('leaseAccountingPage.closedAt'),
                  cell: (row) => formatDate(row.closed_at),
                },
              ]}
            />
          )}
          {canClose && (
            <Button className="min-h-11" onClick={() => setConfirming(true)}>
              {t('leaseAccountingPage.closeMonth', { month: next })}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('leaseAccountingPage.confirmTitle', { month: next })}
        message={t('leaseAccountingPage.confirmText', { month: next })}
        confirmLabel={t('leaseAccountingPage.confirm')}
        cancelLabel={t('leaseAccountingPage.cancel')}
        onConfirm={() => void onClose().catch(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
        loading={close.isPending}
      />
    </Card>
  );
}

// Shown as a deduction; a zero stays "$0", not "-$0".
const negate = (amount: number) => (amount === 0 ? 0 : -amount);

type MaturityRow = { key: string; label: string; operating: number; finance: number };

function DisclosuresCard() {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(() => shiftMonth(currentMonth(), -1));
  const [draft, setDraft] = useState(asOf);
  const disclosures = useLeaseDisclosures(asOf);
  const invalid = !MONTH.test(draft);

  return (
    <Card
      title={t('leaseAccountingPage.disclosures')}
      description={t('leaseAccountingPage.disclosuresIntro')}
    >
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) setAsOf(draft);
        }}
      >
        <TextInput
          type="month"
          label={t('leaseAccountingPage.asOf')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={invalid ? t('leaseAccountingPage.monthInvalid') : undefined}
          placeholder="YYYY-MM"
        />
        <Button type="submit" color="white" className="min-h-11" disabled={invalid}>
          {t('leaseAccountingPage.show')}
        </Button>
      </form>
      {disclosures.isError ? (
        <Alert type="error">{t('leaseAccountingPage.loadFailed')}</Alert>
      ) : disclosures.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <Disclosures data={disclosures.data} />
      )}
    </Card>
  );
}

function Disclosures({ data }: { data: LeaseDisclosures }) {
  const { t } = useTranslation();
  const rows: MaturityRow[] = [
    ...data.operating.years.map((amount, index) => ({
      key: `y${index}`,
      label: t('leaseAccountingPage.yearN', { number: index + 1 }),
      operating: amount,
      finance: data.finance.years[index] ?? 0,
    })),
    {
      key: 'thereafter',
      label: t('leaseAccountingPage.thereafter'),
      operating: data.operating.thereafter,
      finance: data.finance.thereafter,
    },
    {
      key: 'total',
      label: t('leaseAccountingPage.totalUndiscounted'),
      operating: data.operating.total_undiscounted,
      finance: data.finance.total_undiscounted,
    },
    {
      key: 'interest',
      label: t('leaseAccountingPage.imputedInterest'),
      operating: negate(data.operating.imputed_interest),
      finance: negate(data.finance.imputed_interest),
    },
    {
      key: 'liability',
      label: t('leaseAccountingPage.liability'),
      operating: data.operating.liability,
      finance: data.finance.liability,
    },
  ];
  const money = 'text-right tabular-nums';
  const columns: Column<MaturityRow>[] = [
    { key: 'label', header: t('leaseAccountingPage.maturity'), cell: (row) => row.label },
    {
      key: 'operating',
      header: t('leaseAccountingPage.operating'),
      cell: (row) => formatUsd(row.operating),
      className: money,
    },
    {
      key: 'finance',
      header: t('leaseAccountingPage.finance'),
      cell: (row) => formatUsd(row.finance),
      className: money,
    },
  ];
  const average = (value: number | null, unit: 'months' | 'percent') =>
    value === null
      ? '—'
      : t(`leaseAccountingPage.${unit}`, { value: value.toFixed(unit === 'months' ? 1 : 2) });

  return (
    <div className="space-y-6">
      <Table
        caption={t('leaseAccountingPage.maturityCaption', { month: data.as_of })}
        rows={rows}
        rowKey={(row) => row.key}
        columns={columns}
      />
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        {(['operating', 'finance'] as const).map((kind) => (
          <div key={kind} className="rounded-md border border-gray-200 p-4 dark:border-gray-700">
            <dt className="font-semibold text-gray-900 dark:text-white">
              {t(`leaseAccountingPage.${kind}`)} ·{' '}
              {t('leaseAccountingPage.leaseCount', { count: data[kind].leases })}
            </dt>
            <dd className="mt-2 text-gray-700 dark:text-gray-300">
              {t('leaseAccountingPage.waTerm')}:{' '}
              {average(data[kind].weighted_average_remaining_term_months, 'months')}
            </dd>
            <dd className="text-gray-700 dark:text-gray-300">
              {t('leaseAccountingPage.waRate')}:{' '}
              {average(data[kind].weighted_average_discount_rate, 'percent')}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">
          {t('leaseAccountingPage.cost', { month: data.as_of })}
        </h3>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {(
            [
              'operating_lease_cost',
              'finance_interest',
              'finance_amortization',
              'short_term_and_low_value',
            ] as const
          ).map((key) => (
            <div
              key={key}
              className="flex justify-between gap-4 border-b border-gray-100 py-1 dark:border-gray-800"
            >
              <dt className="text-gray-700 dark:text-gray-300">{t(`leaseAccountingPage.costs.${key}`)}</dt>
              <dd className="tabular-nums text-gray-900 dark:text-white">{formatUsd(data.cost[key])}</dd>
            </div>
          ))}
        </dl>
      </div>
      {(data.excluded.incomplete > 0 || data.excluded.not_commenced > 0) && (
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {t('leaseAccountingPage.excluded', {
            incomplete: data.excluded.incomplete,
            notCommenced: data.excluded.not_commenced,
          })}
        </p>
      )}
    </div>
  );
}
