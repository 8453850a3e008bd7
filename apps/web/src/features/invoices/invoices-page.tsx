import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Invoice } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Skeleton,
  Table,
  TextInput,
  type BadgeColor,
  type Column,
} from '../../components/ui';
import { formatDate, formatUsd } from '../../lib/format';
import type { TFunction } from '../../lib/translate';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useCreateInvoices, useInvoice, useInvoiceAction, useInvoices, useRecordPayment } from './api';

const lastMonth = () => {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
};
const today = () => new Date().toISOString().slice(0, 10);

export const STATUS_COLORS: Record<Invoice['status'], BadgeColor> = {
  open: 'blue',
  paid: 'green',
  void: 'gray',
};

/** An invoice's total, balance and status (with its missing and estimated flags), as every invoice list shows them. */
export function invoiceAmountColumns(
  t: TFunction,
  { totalOnMobile = true }: { totalOnMobile?: boolean } = {},
): Column<Invoice>[] {
  return [
    {
      key: 'total',
      header: t('invoices.column.total'),
      cell: (i) => formatUsd(i.total),
      className: 'text-right tabular-nums',
      hideOnMobile: !totalOnMobile,
    },
    {
      key: 'balance',
      header: t('invoices.column.balance'),
      cell: (i) => formatUsd(i.balance),
      className: 'text-right tabular-nums',
    },
    {
      key: 'status',
      header: t('invoices.column.status'),
      cell: (i) => (
        <div className="flex flex-wrap gap-1">
          <Badge color={STATUS_COLORS[i.status]}>{t(`invoices.status.${i.status}`)}</Badge>
          {i.missing && <Badge color="red">{t('invoices.missing')}</Badge>}
          {i.estimated && <Badge color="yellow">{t('invoices.estimated')}</Badge>}
        </div>
      ),
    },
  ];
}

/** A month's royalty invoices: invoice the month, open one for its lines, PDF, e-mail, payment or void. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const canWrite = can(user, 'records.write');
  const [period, setPeriod] = useState(lastMonth);
  const [openId, setOpenId] = useState<number | null>(null);
  const invoices = useInvoices(period);
  const create = useCreateInvoices();
  const rows = invoices.data?.data ?? [];

  async function onCreate() {
    const result = await create.mutateAsync(period);
    toast.success(t('invoices.created', { count: result.created.length, skipped: result.skipped }));
  }

  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      header: t('invoices.column.number'),
      cell: (i) => (
        <button
          type="button"
          className="min-h-11 font-medium text-blue-600 hover:underline dark:text-blue-400"
          onClick={() => setOpenId(i.id)}
        >
          {i.number}
        </button>
      ),
    },
    { key: 'franchisee', header: t('invoices.column.franchisee'), cell: (i) => i.franchisee.name },
    { key: 'due', header: t('invoices.column.due'), cell: (i) => formatDate(i.due_date), hideOnMobile: true },
    ...invoiceAmountColumns(t),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TextInput
          label={t('invoices.period')}
          type="month"
          value={period}
          onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setPeriod(event.target.value)}
          containerClassName="w-48"
        />
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <Button onClick={onCreate} loading={create.isPending}>
              {t('invoices.create')}
            </Button>
          )}
          <a
            href={apiUrl('/invoices/export', { kind: 'invoices', format: 'csv' })}
            download
            className={buttonClasses('white', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('invoices.exportInvoices')}
          </a>
          <a
            href={apiUrl('/invoices/export', { kind: 'payments', format: 'csv' })}
            download
            className={buttonClasses('white', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('invoices.exportPayments')}
          </a>
        </div>
      </div>
      {!canWrite && <p className="text-sm text-gray-600 dark:text-gray-400">{t('invoices.readOnly')}</p>}
      {invoices.isError ? (
        <Alert type="error">{t('invoices.loadFailed')}</Alert>
      ) : !invoices.data ? (
        <Skeleton className="h-64 w-full" />
      ) : !rows.length ? (
        <EmptyState icon={<FileText />} title={t('invoices.empty')} text={t('invoices.emptyText')} />
      ) : (
        <Table
          columns={columns}
          rows={rows}
          rowKey={(i) => i.id}
          caption={t('invoices.caption', { period })}
        />
      )}
      <InvoiceDialog id={openId} canWrite={canWrite} onClose={() => setOpenId(null)} />
    </div>
  );
}

/**
 * An invoice's lines and totals with its PDF and CSV, and what the caller's abilities allow: e-mail, void, and
 * (`canWrite`) a payment. A franchisee's member is given none of those: they read and download.
 */
export function InvoiceDialog({
  id,
  canWrite,
  onClose,
}: {
  id: number | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  const invoice = useInvoice(id);
  const action = useInvoiceAction();
  const pay = useRecordPayment();
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [reference, setReference] = useState('');
  const [confirmVoid, setConfirmVoid] = useState(false);
  const data = invoice.data?.data;

  async function onPay(event: React.FormEvent) {
    event.preventDefault();
    if (!data) return;
    const value = Number(amount);
    await pay.mutateAsync({
      franchisee_id: data.franchisee.id,
      received_on: receivedOn,
      amount: value,
      reference: reference || null,
      allocations: [{ invoice_id: data.id, amount: value }],
    });
    setAmount('');
    setReference('');
    toast.success(t('invoices.paymentRecorded', { amount: formatUsd(value), number: data.number }));
  }
  async function onAction(kind: 'send' | 'void') {
    if (!data) return;
    const result = await action.mutateAsync({ id: data.id, action: kind });
    setConfirmVoid(false);
    toast.success(
      kind === 'send'
        ? t('invoices.sent', { number: result.number, to: result.emailed_to })
        : t('invoices.voided', { number: result.number }),
    );
  }

  return (
    <>
      <Dialog
        open={id !== null}
        onClose={onClose}
        title={
          data
            ? t('invoices.detailTitle', { number: data.number, name: data.franchisee.name })
            : t('invoices.loading')
        }
        size="lg"
        footer={
          <Button color="white" onClick={onClose}>
            {t('invoices.close')}
          </Button>
        }
      >
        {invoice.isError ? (
          <Alert type="error">{t('invoices.loadFailed')}</Alert>
        ) : !data ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="space-y-4 text-sm">
            <p className="text-gray-600 dark:text-gray-400">
              {t('invoices.detailDates', {
                from: formatDate(data.period_start),
                to: formatDate(data.period_end),
                due: formatDate(data.due_date),
              })}
            </p>
            <ul className="divide-y divide-gray-200 dark:divide-gray-800">
              {data.lines?.map((line, index) => (
                <li key={index} className="flex justify-between gap-4 py-2">
                  <span>
                    {line.description}
                    {line.sales !== null && (
                      <span className="block text-xs text-gray-500 dark:text-gray-400">
                        {t('invoices.onSales', { amount: formatUsd(line.sales) })}
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">{formatUsd(line.amount)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-2 gap-1 tabular-nums">
              <dt>{t('invoices.total')}</dt>
              <dd className="text-right font-semibold">{formatUsd(data.total)}</dd>
              <dt>{t('invoices.paid')}</dt>
              <dd className="text-right">{formatUsd(data.paid)}</dd>
              <dt>{t('invoices.balance')}</dt>
              <dd className="text-right font-semibold">{formatUsd(data.balance)}</dd>
            </dl>
            {data.missing && (
              <Alert type="warning">
                {/* Voiding and invoicing again is the franchisor's; a franchisee's member is told what follows. */}
                {t(wholeTeam ? 'invoices.missingNote' : 'invoices.own.missingNote')}
              </Alert>
            )}
            <div className="flex flex-wrap gap-2">
              <a href={apiUrl(`/invoices/${data.id}/pdf`)} download className={buttonClasses('white', 'md')}>
                <Download className="size-4" aria-hidden="true" />
                {t('invoices.pdf')}
              </a>
              <a href={apiUrl(`/invoices/${data.id}/csv`)} download className={buttonClasses('white', 'md')}>
                <Download className="size-4" aria-hidden="true" />
                {t('invoices.csv')}
              </a>
              {can(data.abilities, 'send') && (
                <Button
                  color="white"
                  onClick={() => onAction('send')}
                  loading={action.isPending && !confirmVoid}
                >
                  {t('invoices.send')}
                </Button>
              )}
              {can(data.abilities, 'void') && (
                <Button color="red" onClick={() => setConfirmVoid(true)}>
                  {t('invoices.void')}
                </Button>
              )}
            </div>
            {canWrite && can(data.abilities, 'pay') && (
              <form
                onSubmit={onPay}
                className="grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-3 dark:bg-gray-900"
              >
                <h3 className="font-medium text-gray-900 sm:col-span-3 dark:text-white">
                  {t('invoices.recordPayment')}
                </h3>
                <TextInput
                  label={t('invoices.amount')}
                  type="number"
                  step="0.01"
                  min="0.01"
                  max={data.balance}
                  required
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
                <TextInput
                  label={t('invoices.receivedOn')}
                  type="date"
                  required
                  value={receivedOn}
                  onChange={(event) => setReceivedOn(event.target.value)}
                />
                <TextInput
                  label={t('invoices.reference')}
                  maxLength={255}
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                />
                <div className="sm:col-span-3">
                  <Button type="submit" color="green" loading={pay.isPending}>
                    {t('invoices.recordPayment')}
                  </Button>
                </div>
              </form>
            )}
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmVoid}
        title={t('invoices.voidTitle', { number: data?.number ?? '' })}
        message={t('invoices.voidMessage')}
        confirmLabel={t('invoices.void')}
        cancelLabel={t('invoices.cancel')}
        color="red"
        loading={action.isPending}
        onConfirm={() => onAction('void')}
        onClose={() => setConfirmVoid(false)}
      />
    </>
  );
}
