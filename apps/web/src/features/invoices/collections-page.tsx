import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Aging, BankImportResult, InvoicingSettings, Statement } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  ConfirmDialog,
  EmptyState,
  Select,
  Skeleton,
  Table,
  TextInput,
  type Column,
} from '../../components/ui';
import { formatDate, formatUsd } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useAging, useBankImport, useInvoicingSettings, useStatement } from './api';
import { InvoicingSettingsDialog, WEEKDAYS } from './settings-form';

const todayIso = () => new Date().toISOString().slice(0, 10);
const yearStart = () => `${new Date().getFullYear()}-01-01`;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

type AgingRow = Aging['rows'][number];

/** What each franchisee owes by age, with totals and the accounting exports; a name opens its statement. */
export function AgingReport({ onStatement }: { onStatement: (franchiseeId: number) => void }) {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(todayIso);
  const aging = useAging(asOf);
  const money = (value: number) => (value ? formatUsd(value) : '—');
  const bucket = (key: keyof Omit<AgingRow, 'franchisee'>, hideOnMobile = true): Column<AgingRow> => ({
    key,
    header: t(`collections.aging.${key}`),
    cell: (r) => money(r[key]),
    className: 'text-right tabular-nums',
    hideOnMobile,
  });
  const columns: Column<AgingRow>[] = [
    {
      key: 'franchisee',
      header: t('collections.aging.franchisee'),
      cell: (r) => (
        <button
          type="button"
          className="min-h-11 text-left font-medium text-blue-600 hover:underline dark:text-blue-400"
          onClick={() => onStatement(r.franchisee.id)}
        >
          {r.franchisee.name}
        </button>
      ),
    },
    bucket('current'),
    bucket('days_1_30'),
    bucket('days_31_60'),
    bucket('days_61_90'),
    bucket('days_over_90', false),
    { ...bucket('total', false), cell: (r) => <span className="font-semibold">{formatUsd(r.total)}</span> },
  ];
  const data = aging.data?.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TextInput
          label={t('collections.aging.asOf')}
          type="date"
          value={asOf}
          onChange={(event) => isDay(event.target.value) && setAsOf(event.target.value)}
          containerClassName="w-48"
        />
        <div className="flex flex-wrap gap-2">
          {(['invoices', 'payments'] as const).map((kind) => (
            <a
              key={kind}
              href={apiUrl('/invoices/export', { kind, format: 'csv' })}
              download
              className={buttonClasses('white', 'md')}
            >
              <Download className="size-4" aria-hidden="true" />
              {t(kind === 'invoices' ? 'invoices.exportInvoices' : 'invoices.exportPayments')}
            </a>
          ))}
        </div>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('collections.aging.rule')}</p>
      {aging.isError ? (
        <Alert type="error">{t('collections.loadFailed')}</Alert>
      ) : !data ? (
        <Skeleton className="h-48 w-full" />
      ) : !data.rows.length ? (
        <EmptyState
          icon={<FileSpreadsheet />}
          title={t('collections.aging.empty')}
          text={t('collections.aging.emptyText')}
        />
      ) : (
        <>
          <p className="text-base text-gray-900 dark:text-white" data-testid="aging-total">
            {t('collections.aging.totalLine', {
              total: formatUsd(data.total.total),
              overdue: formatUsd(data.total.total - data.total.current),
            })}
          </p>
          <Table
            columns={columns}
            rows={[
              ...data.rows,
              { franchisee: { id: 0, name: t('collections.aging.total') }, ...data.total },
            ]}
            rowKey={(r) => r.franchisee.id}
            caption={t('collections.aging.caption', { date: formatDate(data.as_of) })}
          />
        </>
      )}
    </div>
  );
}

/** Upload a bank CSV, see which lines pay which invoices, then confirm. */
export function BankImport() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const canWrite = can(user, 'records.write');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BankImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useBankImport();

  async function run(confirm: boolean) {
    if (!file) return;
    setError(null);
    try {
      const result = await upload.mutateAsync({ file, confirm });
      setPreview(result);
      if (confirm) {
        setConfirming(false);
        toast.success(t('collections.bank.imported', { count: result.imported }));
      }
    } catch (caught) {
      setConfirming(false);
      setError(caught instanceof Error ? caught.message : t('collections.loadFailed'));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(false);
  }

  const columns: Column<BankImportResult['matched'][number]>[] = [
    { key: 'line', header: t('collections.bank.line'), cell: (m) => m.line, hideOnMobile: true },
    { key: 'date', header: t('collections.bank.date'), cell: (m) => formatDate(m.date) },
    {
      key: 'invoice',
      header: t('collections.bank.invoice'),
      cell: (m) => (
        <span>
          {m.invoice.number}
          <span className="block text-xs text-gray-600 dark:text-gray-400">{m.franchisee.name}</span>
        </span>
      ),
    },
    {
      key: 'reference',
      header: t('collections.bank.reference'),
      cell: (m) => m.reference,
      hideOnMobile: true,
    },
    {
      key: 'amount',
      header: t('collections.bank.amount'),
      cell: (m) => formatUsd(m.amount),
      className: 'text-right tabular-nums',
    },
    {
      key: 'state',
      header: t('collections.bank.state'),
      cell: (m) =>
        m.duplicate ? (
          <Badge color="gray">{t('collections.bank.duplicate')}</Badge>
        ) : (
          <Badge color={preview?.preview ? 'blue' : 'green'}>
            {t(preview?.preview ? 'collections.bank.new' : 'collections.bank.done')}
          </Badge>
        ),
    },
  ];
  const fresh = preview ? preview.matched.filter((m) => !m.duplicate) : [];

  if (!canWrite) return <Alert type="warning">{t('collections.bank.readOnly')}</Alert>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('collections.bank.rule')}</p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <label htmlFor="bank-file" className="block text-sm font-medium text-gray-900 dark:text-white">
            {t('collections.bank.file')}
          </label>
          <input
            id="bank-file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full max-w-xs text-sm text-gray-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:text-sm file:font-medium dark:text-white dark:file:bg-gray-800 dark:file:text-white"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
              setError(null);
            }}
          />
        </div>
        <Button type="submit" color="white" disabled={!file} loading={upload.isPending && !confirming}>
          <Upload className="size-4" aria-hidden="true" />
          {t('collections.bank.preview')}
        </Button>
      </form>
      {error && <Alert type="error">{error}</Alert>}
      {preview && (
        <div className="space-y-4">
          <p className="text-base text-gray-900 dark:text-white" data-testid="bank-summary">
            {preview.preview
              ? t('collections.bank.previewLine', {
                  fresh: fresh.length,
                  duplicates: preview.duplicates,
                  unmatched: preview.unmatched.length,
                })
              : t('collections.bank.doneLine', {
                  count: preview.imported,
                  duplicates: preview.duplicates,
                  unmatched: preview.unmatched.length,
                })}
          </p>
          {preview.matched.length > 0 && (
            <Table
              columns={columns}
              rows={preview.matched}
              rowKey={(m) => m.line}
              caption={t('collections.bank.caption')}
            />
          )}
          {preview.unmatched.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold text-gray-900 dark:text-white">
                {t('collections.bank.unmatched')}
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
                {preview.unmatched.map((u) => (
                  <li key={u.line}>
                    {t('collections.bank.unmatchedLine', { line: u.line, reason: u.reason })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {preview.preview && fresh.length > 0 && (
            <Button color="green" onClick={() => setConfirming(true)}>
              {t('collections.bank.confirm', { count: fresh.length })}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('collections.bank.confirmTitle', { count: fresh.length })}
        message={t('collections.bank.confirmMessage')}
        confirmLabel={t('collections.bank.confirm', { count: fresh.length })}
        cancelLabel={t('invoices.cancel')}
        color="green"
        loading={upload.isPending}
        onConfirm={() => void run(true)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

type Entry = Statement['entries'][number];

/** One franchisee's invoices and payments with a running balance. */
export function StatementView({
  franchisees,
  franchiseeId,
  onFranchisee,
}: {
  franchisees: Array<{ id: number; name: string }>;
  franchiseeId: number | null;
  onFranchisee: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(yearStart);
  const [to, setTo] = useState(todayIso);
  const statement = useStatement(franchiseeId, from, to);
  const data = statement.data?.data;
  const columns: Column<Entry>[] = [
    { key: 'date', header: t('collections.statement.date'), cell: (e) => formatDate(e.date) },
    {
      key: 'reference',
      header: t('collections.statement.reference'),
      cell: (e) => (
        <span>
          {e.reference}
          <span className="block text-xs text-gray-600 dark:text-gray-400">
            {t(`collections.statement.types.${e.type}`)}
          </span>
        </span>
      ),
    },
    {
      key: 'debit',
      header: t('collections.statement.debit'),
      cell: (e) => (e.debit ? formatUsd(e.debit) : '—'),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'credit',
      header: t('collections.statement.credit'),
      cell: (e) => (e.credit ? formatUsd(e.credit) : '—'),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'balance',
      header: t('collections.statement.balance'),
      cell: (e) => formatUsd(e.balance),
      className: 'text-right tabular-nums',
    },
  ];
  if (!franchisees.length)
    return (
      <EmptyState
        icon={<FileSpreadsheet />}
        title={t('collections.statement.none')}
        text={t('collections.statement.noneText')}
      />
    );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('collections.statement.franchisee')}
          options={franchisees.map((f) => ({ value: String(f.id), label: f.name }))}
          value={franchiseeId === null ? '' : String(franchiseeId)}
          onChange={(event) => onFranchisee(Number(event.target.value))}
          containerClassName="w-full sm:w-64"
        />
        <TextInput
          label={t('collections.statement.from')}
          type="date"
          value={from}
          onChange={(event) => isDay(event.target.value) && setFrom(event.target.value)}
          containerClassName="w-44"
        />
        <TextInput
          label={t('collections.statement.to')}
          type="date"
          value={to}
          onChange={(event) => isDay(event.target.value) && setTo(event.target.value)}
          containerClassName="w-44"
        />
      </div>
      {statement.isError ? (
        <Alert type="error">{t('collections.loadFailed')}</Alert>
      ) : !data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
            <dt className="text-gray-600 dark:text-gray-400">{t('collections.statement.opening')}</dt>
            <dd className="text-right tabular-nums text-gray-900 dark:text-white">
              {formatUsd(data.opening_balance)}
            </dd>
            <dt className="font-semibold text-gray-900 dark:text-white">
              {t('collections.statement.closing')}
            </dt>
            <dd
              className="text-right font-semibold tabular-nums text-gray-900 dark:text-white"
              data-testid="statement-closing"
            >
              {formatUsd(data.closing_balance)}
            </dd>
          </dl>
          {data.entries.length ? (
            <Table
              columns={columns}
              rows={data.entries}
              rowKey={(e) => `${e.type}-${e.id}`}
              caption={t('collections.statement.caption', { name: data.franchisee.name })}
            />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('collections.statement.empty')}</p>
          )}
        </>
      )}
    </div>
  );
}

/** The rules invoices are made by, per brand (the team's default first), shown as they apply. */
export function InvoicingSettingsView() {
  const { t } = useTranslation();
  const settings = useInvoicingSettings();
  // Managers and admins set the rules (the API's invoicing policy); observers read them.
  const editable = can(useRequiredUser(), 'records.write');
  // The row being edited, or 'brand' for a brand without its own rules yet.
  const [editing, setEditing] = useState<InvoicingSettings | 'brand' | null>(null);
  const columns: Column<InvoicingSettings>[] = [
    {
      key: 'brand',
      header: t('collections.settings.brand'),
      cell: (s) => s.brand?.name ?? t('collections.settings.teamDefault'),
    },
    {
      key: 'tiers',
      header: t('collections.settings.tierBasis'),
      cell: (s) =>
        s.tier_basis === 'year_to_date'
          ? `${t('collections.settings.tierBases.year_to_date')}, ${t(`collections.settings.tierYears.${s.tier_year}`)}`
          : t('collections.settings.tierBases.period'),
    },
    {
      key: 'pooling',
      header: t('collections.settings.pooling'),
      cell: (s) => t(`collections.settings.poolings.${s.pooling}`),
      hideOnMobile: true,
    },
    {
      key: 'cap',
      header: t('collections.settings.cap'),
      cell: (s) =>
        s.cap === null
          ? '—'
          : t(
              s.cap_includes_marketing
                ? 'collections.settings.capWithMarketing'
                : 'collections.settings.capOnly',
              {
                cap: formatUsd(s.cap),
              },
            ),
      hideOnMobile: true,
    },
    {
      key: 'fees',
      header: t('collections.settings.fees'),
      cell: (s) =>
        s.other_fees.length ? s.other_fees.map((f) => `${f.label} ${formatUsd(f.amount)}`).join(', ') : '—',
      hideOnMobile: true,
    },
    {
      key: 'due',
      header: t('collections.settings.reportsDue'),
      cell: (s) =>
        t('collections.settings.dueRule', {
          weekday: WEEKDAYS[s.weekly_due_weekday] ?? '',
          day: s.monthly_due_day,
        }),
      hideOnMobile: true,
    },
    {
      key: 'terms',
      header: t('collections.settings.terms'),
      cell: (s) => t('collections.settings.termsDays', { count: s.payment_terms_days }),
      className: 'text-right tabular-nums',
    },
  ];
  if (editable)
    columns.push({
      key: 'edit',
      header: <span className="sr-only">{t('collections.settings.actions')}</span>,
      cell: (s) => (
        <Button
          size="sm"
          color="white"
          onClick={() => setEditing(s)}
          aria-label={
            s.brand
              ? t('collections.settings.editBrand', { name: s.brand.name })
              : t('collections.settings.editDefault')
          }
        >
          {t('collections.settings.edit')}
        </Button>
      ),
      className: 'text-right',
    });
  const team = settings.data?.data[0];
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('collections.settings.rule')}</p>
      {!editable && (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('collections.settings.readOnly')}</p>
      )}
      {settings.isError ? (
        <Alert type="error">{t('collections.loadFailed')}</Alert>
      ) : !settings.data ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <Table
          columns={columns}
          rows={settings.data.data}
          rowKey={(s) => s.brand?.id ?? 0}
          caption={t('collections.settings.caption')}
        />
      )}
      {editable && team && (
        <Button color="white" onClick={() => setEditing('brand')}>
          {t('collections.settings.addBrand')}
        </Button>
      )}
      {editing !== null && team && (
        <InvoicingSettingsDialog
          settings={editing === 'brand' ? null : editing}
          base={team}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
