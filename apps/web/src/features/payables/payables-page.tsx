import { Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Payable } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  Checkbox,
  Dialog,
  EmptyState,
  Skeleton,
  Table,
  TextInput,
  type BadgeColor,
  type Column,
} from '../../components/ui';
import { formatDate, formatUsd } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useGeneratePayables, usePayables, usePayablesAction } from './api';

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

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
  const payables = usePayables(period);
  const generate = useGeneratePayables();
  const action = usePayablesAction();

  const lines = payables.data?.data ?? [];
  const chosen = lines.filter((p) => selected.has(p.id));
  const selectable = lines.filter((p) => canWrite && p.status !== 'paid');
  const allScheduled = chosen.length > 0 && chosen.every((p) => p.status === 'scheduled');
  const allApproved = chosen.length > 0 && chosen.every((p) => p.status === 'approved');
  const withVariance = chosen.some((p) => p.variance !== null && p.variance !== 0);

  const changePeriod = (value: string) => {
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setSelected(new Set());
    setPeriod(value);
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
    toast.success(t('payables.generated', { created: result.created, updated: result.updated }));
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
              p.status === 'paid' ? null : (
                <Checkbox
                  label={
                    <span className="sr-only">
                      {t('payables.select', {
                        name: `${p.lease.reference ?? `#${p.lease.id}`} ${p.due_date}`,
                      })}
                    </span>
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
          <div>
            {p.kind === 'charge'
              ? t('payables.kind.charge', { kind: p.charge_kind })
              : t(`payables.kind.${p.kind}`)}
          </div>
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
        const who = p.status === 'paid' ? p.paid_by : p.status === 'approved' ? p.approved_by : null;
        return (
          <div>
            <Badge color={STATUS_COLORS[p.status]}>{t(`payables.status.${p.status}`)}</Badge>
            {who && (
              <div className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                {t('payables.byWhom', { name: who.name })}
              </div>
            )}
          </div>
        );
      },
    },
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
      ) : !lines.length ? (
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
    </div>
  );
}
