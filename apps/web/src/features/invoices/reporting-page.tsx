import { ClipboardCheck, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExpectedReport } from '@storekeep/contracts';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  Select,
  Skeleton,
  Table,
  TextInput,
  type BadgeColor,
  type Column,
} from '../../components/ui';
import { formatDate } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useExpectedReports, useLockPeriod } from './api';

const STATUS_COLORS: Record<ExpectedReport['status'], BadgeColor> = {
  missing: 'red',
  due: 'yellow',
  received: 'green',
};

const monthStart = (month: string) => `${month}-01`;
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const monthsAgo = (n: number) => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - n, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** Sales reports each agreement expects per store, missing ones first; a reported period can be locked. */
export function ReportingPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const canWrite = can(user, 'records.write');
  const [from, setFrom] = useState(() => monthsAgo(3));
  const [to, setTo] = useState(() => monthsAgo(0));
  const [status, setStatus] = useState('missing');
  const [locking, setLocking] = useState<ExpectedReport | null>(null);
  const reports = useExpectedReports(monthStart(from), monthEnd(to < from ? from : to), status);
  const lock = useLockPeriod();
  const rows = reports.data?.data ?? [];

  async function onLock() {
    if (!locking) return;
    const result = await lock.mutateAsync({
      franchisee_id: locking.franchisee.id,
      from: locking.period_start,
      to: locking.period_end,
    });
    setLocking(null);
    toast.success(t('reporting.locked', { count: result.locked }));
  }

  const columns: Column<ExpectedReport>[] = [
    {
      key: 'franchisee',
      header: t('reporting.column.franchisee'),
      cell: (r) => (
        <div>
          <div className="font-medium text-gray-900 dark:text-white">{r.franchisee.name}</div>
          <div className="text-xs text-gray-500 dark:text-gray-400">{r.store.name}</div>
        </div>
      ),
    },
    {
      key: 'agreement',
      header: t('reporting.column.agreement'),
      cell: (r) => r.agreement.agreement_number ?? `#${r.agreement.id}`,
      hideOnMobile: true,
    },
    {
      key: 'period',
      header: t('reporting.column.period'),
      cell: (r) => `${formatDate(r.period_start)} – ${formatDate(r.period_end)}`,
    },
    { key: 'due', header: t('reporting.column.due'), cell: (r) => formatDate(r.due_date) },
    {
      key: 'status',
      header: t('reporting.column.status'),
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-1">
          <Badge color={STATUS_COLORS[r.status]}>{t(`reporting.status.${r.status}`)}</Badge>
          {r.locked && <Badge color="gray">{t('reporting.lockedBadge')}</Badge>}
        </div>
      ),
    },
    ...(canWrite
      ? [
          {
            key: 'lock',
            header: <span className="sr-only">{t('reporting.column.actions')}</span>,
            cell: (r: ExpectedReport) =>
              r.status === 'received' && !r.locked ? (
                <Button color="white" size="sm" onClick={() => setLocking(r)}>
                  <Lock className="size-4" aria-hidden="true" />
                  {t('reporting.lock')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <TextInput
          label={t('reporting.from')}
          type="month"
          value={from}
          onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setFrom(event.target.value)}
          containerClassName="w-48"
        />
        <TextInput
          label={t('reporting.to')}
          type="month"
          value={to}
          onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setTo(event.target.value)}
          containerClassName="w-48"
        />
        <Select
          label={t('reporting.statusFilter')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          options={[
            { value: 'missing', label: t('reporting.status.missing') },
            { value: 'due', label: t('reporting.status.due') },
            { value: 'received', label: t('reporting.status.received') },
            { value: '', label: t('reporting.all') },
          ]}
        />
      </div>
      {reports.isError ? (
        <Alert type="error">{t('reporting.loadFailed')}</Alert>
      ) : !reports.data ? (
        <Skeleton className="h-64 w-full" />
      ) : !rows.length ? (
        <EmptyState icon={<ClipboardCheck />} title={t('reporting.empty')} text={t('reporting.emptyText')} />
      ) : (
        <Table
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.agreement.id}-${r.store.id}-${r.period_start}`}
          caption={t('reporting.caption')}
        />
      )}
      <ConfirmDialog
        open={locking !== null}
        title={t('reporting.lockTitle', { name: locking?.franchisee.name ?? '' })}
        message={t('reporting.lockMessage', {
          from: locking ? formatDate(locking.period_start) : '',
          to: locking ? formatDate(locking.period_end) : '',
        })}
        confirmLabel={t('reporting.lock')}
        cancelLabel={t('reporting.cancel')}
        loading={lock.isPending}
        onConfirm={onLock}
        onClose={() => setLocking(null)}
      />
    </div>
  );
}
