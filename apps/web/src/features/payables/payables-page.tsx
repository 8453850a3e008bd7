import { Ban, Download, FileText, MoreHorizontal, Receipt, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Payable } from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  Checkbox,
  ConfirmDialog,
  Dialog,
  Dropdown,
  DropdownItem,
  EmptyState,
  Pagination,
  Skeleton,
  Table,
  Textarea,
  TextInput,
  type BadgeColor,
  type Column,
} from '../../components/ui';
import { formatDate, formatUsd } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { usePaginationLabels } from '../records/use-pagination-labels';
import { useEnterInvoice, useGeneratePayables, usePayables, usePayablesAction } from './api';

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

/** What a line is called in labels and dialogs: its lease, due date and kind. */
const lineName = (p: Payable, kind: string) =>
  `${p.lease.reference ?? `#${p.lease.id}`} ${p.due_date} ${kind}`;

type InvoiceForm = { amount: string; number: string; date: string };

const STATUS_COLORS: Record<Payable['status'], BadgeColor> = {
  scheduled: 'gray',
  approved: 'blue',
  paid: 'green',
  void: 'red',
};

export function PayablesPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const canWrite = can(user, 'records.write');
  const [period, setPeriod] = useState(thisMonth);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // The lines the dialog pays, fixed when it opens: the selection empties while the dialog fades out.
  const [payIds, setPayIds] = useState<number[]>([]);
  const [confirmPay, setConfirmPay] = useState(false);
  const [reference, setReference] = useState('');
  const [page, setPage] = useState(1);
  // The line a dialog acts on, kept while the dialog fades out.
  const [invoicing, setInvoicing] = useState<Payable | null>(null);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [invoice, setInvoice] = useState<InvoiceForm>({ amount: '', number: '', date: '' });
  const [invoiceErrors, setInvoiceErrors] = useState<Record<string, string>>({});
  const [unapproving, setUnapproving] = useState<Payable | null>(null);
  const [voiding, setVoiding] = useState<Payable | null>(null);
  const [voidOpen, setVoidOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const payables = usePayables(period, page);
  const generate = useGeneratePayables();
  const action = usePayablesAction();
  const enterInvoice = useEnterInvoice();
  const paginationLabels = usePaginationLabels();
  const kindOf = (p: Payable) =>
    p.kind === 'charge' ? t('payables.kind.charge', { kind: p.charge_kind }) : t(`payables.kind.${p.kind}`);

  const lines = payables.data?.data ?? [];
  const chosen = lines.filter((p) => selected.has(p.id));
  const selectable = lines.filter((p) => canWrite && (p.status === 'scheduled' || p.status === 'approved'));
  const allScheduled = chosen.length > 0 && chosen.every((p) => p.status === 'scheduled');
  const allApproved = chosen.length > 0 && chosen.every((p) => p.status === 'approved');
  const withVariance = chosen.some((p) => p.variance !== null && p.variance !== 0);

  const changePeriod = (value: string) => {
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setSelected(new Set());
    setPage(1);
    setPeriod(value);
  };
  const changePage = (next: number) => {
    setSelected(new Set());
    setPage(next);
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(chosen.length === selectable.length ? new Set() : new Set(selectable.map((p) => p.id)));

  async function onGenerate() {
    const result = await generate.mutateAsync(period);
    toast.success(t('payables.generated', { count: result.created, updated: result.updated }));
  }
  async function onApprove() {
    const result = await action.mutateAsync({
      action: 'approve',
      ids: chosen.map((p) => p.id),
      accept_variance: withVariance,
    });
    setSelected(new Set());
    toast.success(t('payables.approved', { count: result.updated }));
  }
  async function onPay() {
    const result = await action.mutateAsync({
      action: 'pay',
      ids: payIds,
      paid_reference: reference || null,
    });
    setSelected(new Set());
    setConfirmPay(false);
    toast.success(t('payables.paid', { count: result.updated }));
  }

  function openInvoice(p: Payable) {
    setInvoicing(p);
    setInvoice({
      amount: p.invoice_amount === null ? '' : String(p.invoice_amount),
      number: p.invoice_number ?? '',
      date: p.invoice_date ?? '',
    });
    setInvoiceErrors({});
    setInvoiceOpen(true);
  }
  function onInvoice(event: FormEvent) {
    event.preventDefault();
    if (!invoicing) return;
    enterInvoice.mutate(
      {
        id: invoicing.id,
        body: { invoice_amount: invoice.amount, invoice_number: invoice.number, invoice_date: invoice.date },
      },
      {
        onSuccess: (saved) => {
          setInvoiceOpen(false);
          toast.success(
            saved.variance
              ? t('payables.invoiceSavedVariance', { amount: formatUsd(saved.variance) })
              : t('payables.invoiceSaved'),
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422)
            setInvoiceErrors(
              Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])),
            );
        },
      },
    );
  }
  function onUnapprove() {
    if (!unapproving) return;
    action.mutate(
      { action: 'unapprove', ids: [unapproving.id] },
      {
        onSuccess: () => {
          setUnapproving(null);
          toast.success(t('payables.unapproved'));
        },
      },
    );
  }
  function openVoid(p: Payable) {
    setVoiding(p);
    setReason('');
    setReasonError(null);
    setVoidOpen(true);
  }
  function onVoid(event: FormEvent) {
    event.preventDefault();
    if (!voiding) return;
    if (!reason.trim()) {
      setReasonError(t('payables.voidReasonRequired'));
      return;
    }
    action.mutate(
      { action: 'void', ids: [voiding.id], reason },
      {
        onSuccess: () => {
          setVoidOpen(false);
          setSelected(new Set());
          toast.success(t('payables.voided'));
        },
      },
    );
  }

  const columns: Column<Payable>[] = [
    ...(canWrite
      ? [
          {
            key: 'select',
            header: (
              <Checkbox
                label={<span className="sr-only">{t('payables.selectAll')}</span>}
                checked={selectable.length > 0 && chosen.length === selectable.length}
                disabled={!selectable.length}
                onChange={toggleAll}
              />
            ),
            cell: (p: Payable) =>
              p.status === 'paid' || p.status === 'void' ? null : (
                <Checkbox
                  label={
                    <span className="sr-only">{t('payables.select', { name: lineName(p, kindOf(p)) })}</span>
                  }
                  checked={selected.has(p.id)}
                  onChange={() => toggle(p.id)}
                />
              ),
            className: 'w-10',
          },
        ]
      : []),
    { key: 'due', header: t('payables.column.due'), cell: (p) => formatDate(p.due_date) },
    {
      key: 'lease',
      header: t('payables.column.lease'),
      cell: (p) => (
        <div>
          <Link
            to={`/leases/${p.lease.id}`}
            className="font-medium text-blue-600 hover:underline dark:text-blue-400"
          >
            {p.lease.reference ?? `#${p.lease.id}`}
          </Link>
          <div className="text-xs text-gray-500 dark:text-gray-400">{p.store.name}</div>
        </div>
      ),
    },
    {
      key: 'payee',
      header: t('payables.column.payee'),
      cell: (p) => (
        <div>
          <div>{p.payee?.name ?? '—'}</div>
          {p.remittance && <div className="text-xs text-gray-500 dark:text-gray-400">{p.remittance}</div>}
        </div>
      ),
      hideOnMobile: true,
    },
    {
      key: 'kind',
      header: t('payables.column.kind'),
      cell: (p) => (
        <div>
          <div>{kindOf(p)}</div>
          {p.note && <div className="text-xs text-gray-500 dark:text-gray-400">{p.note}</div>}
        </div>
      ),
    },
    {
      key: 'service',
      header: t('payables.column.service'),
      cell: (p) => `${formatDate(p.service_start)} – ${formatDate(p.service_end)}`,
      hideOnMobile: true,
    },
    {
      key: 'scheduled',
      header: t('payables.column.scheduled'),
      cell: (p) => formatUsd(p.scheduled_amount),
      className: 'text-right tabular-nums',
    },
    {
      key: 'invoice',
      header: t('payables.column.invoice'),
      cell: (p) =>
        p.invoice_amount === null ? (
          <span className="text-gray-400">—</span>
        ) : (
          <div>
            <div>{formatUsd(p.invoice_amount)}</div>
            {(p.invoice_number || p.invoice_date) && (
              <div className="text-xs text-gray-500 dark:text-gray-400">
                {[p.invoice_number, p.invoice_date && formatDate(p.invoice_date)].filter(Boolean).join(' · ')}
              </div>
            )}
            {p.variance !== 0 && p.variance !== null && (
              <div className="text-xs text-amber-700 dark:text-amber-400">
                {t('payables.variance', { amount: formatUsd(p.variance) })}
              </div>
            )}
          </div>
        ),
      className: 'text-right tabular-nums',
      hideOnMobile: true,
    },
    {
      key: 'status',
      header: t('payables.column.status'),
      cell: (p) => {
        const who =
          p.status === 'paid'
            ? p.paid_by
            : p.status === 'approved'
              ? p.approved_by
              : p.status === 'void'
                ? p.voided_by
                : null;
        return (
          <div>
            <Badge color={STATUS_COLORS[p.status]}>{t(`payables.status.${p.status}`)}</Badge>
            {who && (
              <div className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                {t('payables.byWhom', { name: who.name })}
              </div>
            )}
            {p.status === 'void' && p.void_reason && (
              <div className="mt-1 max-w-48 text-xs break-words text-gray-500 dark:text-gray-400">
                {p.void_reason}
              </div>
            )}
          </div>
        );
      },
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">{t('payables.column.actions')}</span>,
            cell: (p: Payable) =>
              can(p.abilities, 'update') || can(p.abilities, 'unapprove') || can(p.abilities, 'void') ? (
                <Dropdown
                  buttonLabel={t('payables.actionsFor', { name: lineName(p, kindOf(p)) })}
                  buttonClassName="rounded-md p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-700 dark:text-gray-400 dark:hover:bg-gray-800"
                  button={<MoreHorizontal className="size-5" aria-hidden="true" />}
                >
                  {can(p.abilities, 'update') && (
                    <DropdownItem
                      onClick={() => openInvoice(p)}
                      icon={<FileText className="size-4" aria-hidden="true" />}
                    >
                      {t('payables.enterInvoice')}
                    </DropdownItem>
                  )}
                  {can(p.abilities, 'unapprove') && (
                    <DropdownItem
                      onClick={() => setUnapproving(p)}
                      icon={<Undo2 className="size-4" aria-hidden="true" />}
                    >
                      {t('payables.unapprove')}
                    </DropdownItem>
                  )}
                  {can(p.abilities, 'void') && (
                    <DropdownItem
                      onClick={() => openVoid(p)}
                      icon={<Ban className="size-4" aria-hidden="true" />}
                    >
                      {t('payables.void')}
                    </DropdownItem>
                  )}
                </Dropdown>
              ) : null,
            className: 'w-12 text-right',
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TextInput
          label={t('payables.period')}
          type="month"
          value={period}
          onChange={(event) => changePeriod(event.target.value)}
          containerClassName="w-48"
        />
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <Button color="white" onClick={onGenerate} loading={generate.isPending}>
              {t('payables.generate')}
            </Button>
          )}
          <a
            href={apiUrl('/payables/export', { period, format: 'csv' })}
            download
            className={buttonClasses('white', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('payables.exportCsv')}
          </a>
          <a
            href={apiUrl('/payables/export', { period, format: 'xlsx' })}
            download
            className={buttonClasses('white', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('payables.exportXlsx')}
          </a>
        </div>
      </div>
      {!canWrite && <p className="text-sm text-gray-600 dark:text-gray-400">{t('payables.readOnly')}</p>}
      {payables.isError ? (
        <Alert type="error">{t('payables.loadFailed')}</Alert>
      ) : !payables.data ? (
        <Skeleton className="h-64 w-full" />
      ) : !lines.length && page === 1 ? (
        <EmptyState icon={<Receipt />} title={t('payables.empty')} text={t('payables.emptyText')} />
      ) : (
        <>
          <p className="text-sm text-gray-600 tabular-nums dark:text-gray-400">
            {t('payables.totals', {
              scheduled: formatUsd(payables.data.meta.totals.scheduled),
              toPay: formatUsd(payables.data.meta.totals.to_pay),
              paid: formatUsd(payables.data.meta.totals.paid),
            })}
          </p>
          {canWrite && chosen.length > 0 && (
            <div className="flex flex-wrap items-center gap-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
              <span className="text-sm font-medium text-gray-900 dark:text-white">
                {t('payables.selected', { count: chosen.length })}
              </span>
              <Button onClick={onApprove} disabled={!allScheduled} loading={action.isPending && !confirmPay}>
                {withVariance ? t('payables.approveVariance') : t('payables.approve')}
              </Button>
              <Button
                color="green"
                onClick={() => {
                  setReference('');
                  setPayIds(chosen.map((p) => p.id));
                  setConfirmPay(true);
                }}
                disabled={!allApproved}
              >
                {t('payables.pay')}
              </Button>
              {withVariance && allScheduled && (
                <p className="w-full text-sm text-amber-700 dark:text-amber-400">
                  {t('payables.varianceNote')}
                </p>
              )}
            </div>
          )}
          <Table
            columns={columns}
            rows={lines}
            rowKey={(p) => p.id}
            caption={t('payables.caption', { period })}
          />
          {payables.data.meta.last_page > 1 && (
            <Pagination
              page={payables.data.meta.current_page}
              lastPage={payables.data.meta.last_page}
              from={payables.data.meta.from}
              to={payables.data.meta.to}
              total={payables.data.meta.total}
              onPage={changePage}
              labels={paginationLabels}
            />
          )}
        </>
      )}
      <Dialog
        open={confirmPay}
        onClose={() => !action.isPending && setConfirmPay(false)}
        title={t('payables.payTitle', { count: payIds.length })}
        description={t('payables.payMessage')}
        size="sm"
        footer={
          <>
            <Button color="white" onClick={() => setConfirmPay(false)} disabled={action.isPending}>
              {t('payables.cancel')}
            </Button>
            <Button color="green" onClick={onPay} loading={action.isPending}>
              {t('payables.pay')}
            </Button>
          </>
        }
      >
        <TextInput
          label={t('payables.payReference')}
          value={reference}
          maxLength={100}
          onChange={(event) => setReference(event.target.value)}
        />
      </Dialog>
      <Dialog
        open={invoiceOpen}
        onClose={() => !enterInvoice.isPending && setInvoiceOpen(false)}
        title={t('payables.invoiceTitle')}
        description={
          invoicing &&
          t('payables.invoiceMessage', {
            name: lineName(invoicing, kindOf(invoicing)),
            amount: formatUsd(invoicing.scheduled_amount),
          })
        }
        size="sm"
        footer={
          <>
            <Button color="white" onClick={() => setInvoiceOpen(false)} disabled={enterInvoice.isPending}>
              {t('payables.cancel')}
            </Button>
            <Button type="submit" form="payable-invoice" loading={enterInvoice.isPending}>
              {t('payables.saveInvoice')}
            </Button>
          </>
        }
      >
        <form id="payable-invoice" onSubmit={onInvoice} className="space-y-4" noValidate>
          <TextInput
            label={t('payables.invoiceAmount')}
            inputMode="decimal"
            value={invoice.amount}
            onChange={(event) => setInvoice({ ...invoice, amount: event.target.value })}
            error={invoiceErrors.invoice_amount}
          />
          <TextInput
            label={t('payables.invoiceNumber')}
            value={invoice.number}
            maxLength={100}
            onChange={(event) => setInvoice({ ...invoice, number: event.target.value })}
            error={invoiceErrors.invoice_number}
          />
          <TextInput
            label={t('payables.invoiceDate')}
            type="date"
            value={invoice.date}
            onChange={(event) => setInvoice({ ...invoice, date: event.target.value })}
            error={invoiceErrors.invoice_date}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={unapproving !== null}
        title={t('payables.unapproveTitle')}
        message={
          unapproving && t('payables.unapproveMessage', { name: lineName(unapproving, kindOf(unapproving)) })
        }
        confirmLabel={t('payables.unapprove')}
        cancelLabel={t('payables.cancel')}
        color="blue"
        loading={action.isPending}
        onConfirm={onUnapprove}
        onClose={() => setUnapproving(null)}
      />
      <Dialog
        open={voidOpen}
        onClose={() => !action.isPending && setVoidOpen(false)}
        title={t('payables.voidTitle')}
        description={voiding && t('payables.voidMessage', { name: lineName(voiding, kindOf(voiding)) })}
        size="sm"
        footer={
          <>
            <Button color="white" onClick={() => setVoidOpen(false)} disabled={action.isPending}>
              {t('payables.cancel')}
            </Button>
            <Button type="submit" form="payable-void" color="red" loading={action.isPending}>
              {t('payables.void')}
            </Button>
          </>
        }
      >
        <form id="payable-void" onSubmit={onVoid} noValidate>
          <Textarea
            label={t('payables.voidReason')}
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            error={reasonError ?? undefined}
          />
        </form>
      </Dialog>
    </div>
  );
}
