import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  TOAST_TIMEOUT_MS,
  type Lease,
  type LeaseAmendment,
  type NoticeWindowOut,
  type OccupancyOption,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { isApiError } from '../../api/api-error';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Badge, Button, Dialog, Select, TextInput } from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import { RelativeTime } from '../../components/ui/relative-time';
import { dash } from './detail-parts';
import { invalidateContracts } from './queries';
import { useRecordDocuments } from '../documents/queries';
import { can } from '../auth/permissions';
import { percentText, useStoreOccupancy } from '../occupancy/queries';

type OptionRow = Lease['options'][number];
const STATE_COLORS = {
  open: 'blue',
  future: 'gray',
  exercised: 'green',
  waived: 'gray',
  lapsed: 'red',
} as const;

function WindowLine({ window }: { window: NoticeWindowOut }) {
  const { t } = useTranslation();
  return (
    <li
      className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:gap-3"
      data-testid="notice-window"
    >
      <span className="flex items-center gap-2">
        <span className="text-sm font-medium text-gray-900 tabular-nums dark:text-white">
          {window.earliest
            ? `${formatDay(window.earliest.date)} – ${formatDay(window.latest.date)}`
            : t('leases.notice.by', { date: formatDay(window.latest.date) })}
        </span>
        <Badge color={STATE_COLORS[window.state]}>{t(`leaseView.windowStates.${window.state}`)}</Badge>
      </span>
      <span className="text-sm text-gray-600 dark:text-gray-400">
        {t('leaseView.renewalTerm', {
          n: window.sequence,
          start: formatDay(window.renewal.start),
          end: formatDay(window.renewal.end),
        })}{' '}
        · {window.latest.explanation}
      </span>
    </li>
  );
}

function useOptionAction(leaseId: number, onDone: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({
      position,
      action,
      body,
    }: {
      position: number;
      action: 'exercise' | 'waive' | 'verify';
      body?: unknown;
    }) =>
      api
        .post<{ data: Lease }>(`/leases/${leaseId}/options/${position}/${action}`, body ?? {})
        .then((response) => response.data),
    onSuccess: (lease, { action }) => {
      queryClient.setQueryData(queryKeys.detail('leases', lease.id), lease);
      invalidateContracts();
      toast.success(t(`leaseView.done.${action}`), { duration: TOAST_TIMEOUT_MS });
      onDone();
    },
    meta: { form: true },
  });
}

function ExerciseDialog({
  lease,
  position,
  onClose,
}: {
  lease: Lease;
  position: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const option = lease.options[position]!;
  const open = option.windows.find((w) => w.state === 'open');
  const [input, setInput] = useState({
    exercised_on: '',
    delivery_method: option.delivery_method ?? '',
    rent_method: 'percent',
    percent: '0',
    monthly_amount: '',
    annual_increase_percent: '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const action = useOptionAction(lease.id, onClose);
  const set = (field: keyof typeof input) => (event: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a queued state updater runs.
    const { value } = event.currentTarget;
    setInput((current) => ({ ...current, [field]: value }));
  };
  const submit = () =>
    action.mutate(
      { position, action: 'exercise', body: input },
      { onError: (error) => setErrors(isApiError(error) && error.status === 422 ? error.errors : {}) },
    );
  const renewal = option.kind === 'renewal';
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('leaseView.exerciseTitle', { kind: t(`leases.optionKinds.${option.kind}`) })}
      description={
        open && renewal
          ? t('leaseView.exerciseText', {
              end: formatDay(open.renewal.end),
              deadline: formatDay(open.latest.date),
            })
          : t('leaseView.exerciseOther')
      }
      footer={
        <>
          <Button color="white" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={action.isPending}>
            {t('leaseView.exercise')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t('leaseView.exercisedOn')}
          hint={t('leaseView.exercisedOnHint')}
          type="date"
          value={input.exercised_on}
          onChange={set('exercised_on')}
          error={errors.exercised_on?.[0]}
        />
        <TextInput
          label={t('leases.fields.delivery_method')}
          value={input.delivery_method}
          onChange={set('delivery_method')}
          error={errors.delivery_method?.[0]}
        />
        {renewal && (
          <>
            <Select
              label={t('leaseView.rentMethod')}
              value={input.rent_method}
              onChange={set('rent_method')}
              options={['percent', 'fixed', 'fair_market_value'].map((value) => ({
                value,
                label: t(`leaseView.rentMethods.${value}`),
              }))}
              error={errors.rent_method?.[0]}
            />
            {input.rent_method === 'percent' && (
              <TextInput
                label={t('leaseView.percent')}
                type="number"
                step="0.01"
                value={input.percent}
                onChange={set('percent')}
                error={errors.percent?.[0]}
              />
            )}
            {input.rent_method === 'fixed' && (
              <TextInput
                label={t('leases.fields.monthly_amount')}
                type="number"
                step="0.01"
                min={0}
                value={input.monthly_amount}
                onChange={set('monthly_amount')}
                error={errors.monthly_amount?.[0]}
              />
            )}
            {input.rent_method !== 'fair_market_value' && (
              <TextInput
                label={t('leaseView.annualIncrease')}
                type="number"
                step="0.01"
                min={0}
                value={input.annual_increase_percent}
                onChange={set('annual_increase_percent')}
                error={errors.annual_increase_percent?.[0]}
              />
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

/** One option: its terms, every window with its formula, the verification stamp and the actions a manager has. */
/** At a renewal's notice window: the store's occupancy ratio today and at the option's rent. */
function OccupancyLine({ occupancy }: { occupancy: OccupancyOption }) {
  const { t } = useTranslation();
  const ratio = (value: number | null) =>
    value === null ? t('occupancy.incomplete') : t('occupancy.percent', { value: percentText(value) });
  return (
    <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="option-occupancy">
      {occupancy.monthly_rent_at_option === null
        ? t('occupancy.optionLineNoRent', { today: ratio(occupancy.ratio_today) })
        : t('occupancy.optionLine', {
            today: ratio(occupancy.ratio_today),
            atOption: ratio(occupancy.ratio_at_option),
            rent: formatUsd(occupancy.monthly_rent_at_option),
          })}
    </p>
  );
}

function OptionCard({
  lease,
  option,
  position,
  occupancy,
  onExercise,
  onWaive,
}: {
  lease: Lease;
  option: OptionRow;
  position: number;
  occupancy: OccupancyOption | undefined;
  onExercise: () => void;
  onWaive: () => void;
}) {
  const { t } = useTranslation();
  const verify = useOptionAction(lease.id, () => undefined);
  const canEdit = can(lease.abilities, 'update');
  const openWindow = option.windows.find((w) => w.state === 'open');
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="lease-option">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-900 dark:text-white">
          {t(`leases.optionKinds.${option.kind}`)}
        </span>
        <Badge color={option.status === 'open' ? 'blue' : 'gray'}>
          {t(`leases.optionStatuses.${option.status}`)}
        </Badge>
        {option.length_months !== null && (
          <span className="text-sm text-gray-600 dark:text-gray-400">
            {t('leaseView.optionTerm', { count: option.count, months: option.length_months })}
          </span>
        )}
        {option.verified ? (
          <Badge color="green" label={t('leaseView.verifiedBy', { name: option.verified.by })}>
            <BadgeCheck className="mr-1 size-3.5" aria-hidden="true" />
            {t('leaseView.verified')} · {option.verified.by}
            {' · '}
            <RelativeTime value={option.verified.at} />
          </Badge>
        ) : (
          option.status === 'open' && <Badge color="yellow">{t('leaseView.unverified')}</Badge>
        )}
        {option.delivery_method && (
          <span className="text-sm text-gray-600 dark:text-gray-400">· {option.delivery_method}</span>
        )}
        {option.source_document_id !== null ? (
          <Link
            to={`/documents?document=${option.source_document_id}`}
            className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
            data-testid="option-source"
          >
            {t('leaseView.source')}
            {option.source_page !== null && `, ${t('leaseView.pageRef', { page: option.source_page })}`}
          </Link>
        ) : (
          option.source_page !== null && (
            <span className="text-sm text-gray-600 dark:text-gray-400">
              · {t('leaseView.pageRef', { page: option.source_page })}
            </span>
          )
        )}
      </div>
      {option.windows.length ? (
        <ul className="mt-2 divide-y divide-gray-100 dark:divide-gray-800">
          {option.windows.map((window) => (
            <WindowLine key={window.sequence} window={window} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-500">{t('leaseView.noWindows')}</p>
      )}
      {occupancy && <OccupancyLine occupancy={occupancy} />}
      {canEdit && option.status === 'open' && (
        <div className="mt-3 flex flex-wrap gap-2">
          {openWindow && (
            <Button size="sm" onClick={onExercise}>
              {t('leaseView.exercise')}
            </Button>
          )}
          <Button size="sm" color="white" onClick={onWaive}>
            {t('leaseView.waive')}
          </Button>
          {!option.verified && (
            <Button
              size="sm"
              color="white"
              loading={verify.isPending}
              onClick={() => verify.mutate({ position, action: 'verify' })}
            >
              {t('leaseView.verify')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function LeaseOptions({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const [exercising, setExercising] = useState<number | null>(null);
  const [waiving, setWaiving] = useState<number | null>(null);
  const waive = useOptionAction(lease.id, () => setWaiving(null));
  const renewals = lease.options.some((o) => o.kind === 'renewal' && o.status === 'open');
  const occupancy = useStoreOccupancy(lease.store?.id ?? 0, renewals);
  return (
    <>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {lease.options.map((option, position) => (
          <OptionCard
            key={position}
            lease={lease}
            option={option}
            position={position}
            occupancy={occupancy.data?.options.find(
              (o) => o.lease.id === lease.id && o.position === position,
            )}
            onExercise={() => setExercising(position)}
            onWaive={() => setWaiving(position)}
          />
        ))}
      </ul>
      {exercising !== null && (
        <ExerciseDialog lease={lease} position={exercising} onClose={() => setExercising(null)} />
      )}
      <Dialog
        open={waiving !== null}
        onClose={() => setWaiving(null)}
        title={t('leaseView.waiveTitle')}
        description={t('leaseView.waiveText')}
        size="sm"
        footer={
          <>
            <Button color="white" onClick={() => setWaiving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={waive.isPending}
              onClick={() => waiving !== null && waive.mutate({ position: waiving, action: 'waive' })}
            >
              {t('leaseView.waive')}
            </Button>
          </>
        }
      />
    </>
  );
}

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return `${value.length}`;
  // A reference field arrives named by the server: `{ id, name }`.
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  return String(value);
};

/** The lease's amendment history: who changed what and when, and the lease as it was before each change. */
export function LeaseHistory({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const history = useQuery({
    queryKey: queryKeys.leaseHistory(lease.id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseAmendment[] }>(`/leases/${lease.id}/history`, { signal })
        .then((body) => body.data),
  });
  const snapshot = useQuery({
    queryKey: queryKeys.leaseVersion(lease.id, viewing),
    queryFn: ({ signal }) =>
      api
        .get<{ data: { lease: Record<string, unknown> } }>(`/leases/${lease.id}/history/${viewing}`, {
          signal,
        })
        .then((body) => body.data.lease),
    enabled: viewing !== null,
  });
  // `options.0.deadline` → "Option 1: notice deadline".
  const fieldLabel = (field: string) => {
    const option = /^options\.(\d+)\.(deadline|window_opens)$/.exec(field);
    if (option) return t(`leaseView.optionChange.${option[2]}`, { n: Number(option[1]) + 1 });
    return t(`leases.fields.${field}`, { defaultValue: field.replaceAll('_', ' ') });
  };
  if (history.isPending) return <p className="text-sm text-gray-500">{t('common.loading')}</p>;
  if (!history.data?.length)
    return <p className="text-sm text-gray-500 dark:text-gray-400">{t('leaseView.noHistory')}</p>;
  const past = snapshot.data;
  return (
    <>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800" data-testid="lease-history">
        {history.data.map((entry) => (
          <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Badge color={entry.kind === 'exercise' ? 'green' : entry.kind === 'waive' ? 'gray' : 'blue'}>
                {t(`leaseView.amendmentKinds.${entry.kind}`)}
              </Badge>
              <span className="font-medium text-gray-900 dark:text-white">{entry.summary}</span>
            </div>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {entry.user?.name ?? t('leaseView.system')} · <RelativeTime value={entry.created_at} />
              {entry.document && <> · {entry.document.title}</>}
            </p>
            <ul className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {Object.entries(entry.changes)
                .filter(([field]) => !Array.isArray(entry.changes[field]?.[0]))
                .map(([field, [before, after]]) => (
                  <li key={field}>
                    {fieldLabel(field)}: {show(before)} → {show(after)}
                  </li>
                ))}
            </ul>
            <Button
              size="sm"
              color="transparent"
              className="mt-1 -ml-2"
              icon={<History className="size-4" aria-hidden="true" />}
              onClick={() => setViewing(entry.id)}
            >
              {t('leaseView.asItWas')}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('leaseView.asItWasTitle')}
        size="lg"
        footer={<Button onClick={() => setViewing(null)}>{t('common.close')}</Button>}
      >
        {past ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {(['status', 'commencement_date', 'expiration_date', 'reference'] as const).map((field) => (
              <div key={field}>
                <dt className="text-gray-500">{t(`leases.fields.${field}`)}</dt>
                <dd className="text-gray-900 dark:text-white">{show(past[field])}</dd>
              </div>
            ))}
            <div className="sm:col-span-2">
              <dt className="text-gray-500">{t('leaseView.rent')}</dt>
              <dd className="text-gray-900 dark:text-white">
                {((past.rent_schedule as Lease['rent_schedule'] | undefined) ?? []).map((row) => (
                  <div key={row.start_date} className="tabular-nums">
                    {formatDay(row.start_date)} – {formatDay(row.end_date)}:{' '}
                    {row.monthly_amount === null ? dash : formatUsd(row.monthly_amount)}
                  </div>
                ))}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-gray-500">{t('common.loading')}</p>
        )}
      </Dialog>
    </>
  );
}

/**
 * "Record an amendment": a signed amendment document with what it changes (here the new expiration, the usual
 * case; other changes go through the edit form), kept in the history with the document.
 */
export function RecordAmendment({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState({ summary: '', document_id: '', expiration_date: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const documents = useRecordDocuments('leases', lease.id, { per_page: 100 });
  const save = useMutation({
    mutationFn: () =>
      api
        .post<{ data: Lease }>(`/leases/${lease.id}/amendments`, {
          summary: input.summary,
          document_id: input.document_id ? Number(input.document_id) : null,
          changes: input.expiration_date ? { expiration_date: input.expiration_date } : {},
        })
        .then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.detail('leases', saved.id), saved);
      invalidateContracts();
      toast.success(t('leaseView.amendmentRecorded'), { duration: TOAST_TIMEOUT_MS });
      setOpen(false);
      setInput({ summary: '', document_id: '', expiration_date: '' });
    },
    onError: (error) => setErrors(isApiError(error) && error.status === 422 ? error.errors : {}),
    meta: { form: true },
  });
  if (!can(lease.abilities, 'update')) return null;
  const set = (field: keyof typeof input) => (event: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a queued state updater runs.
    const { value } = event.currentTarget;
    setInput((current) => ({ ...current, [field]: value }));
  };
  return (
    <>
      <Button size="sm" color="white" onClick={() => setOpen(true)}>
        {t('leaseView.recordAmendment')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('leaseView.recordAmendment')}
        description={t('leaseView.amendmentText')}
        footer={
          <>
            <Button color="white" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {t('leaseView.recordAmendment')}
            </Button>
          </>
        }
      >
        <div className="grid gap-4">
          <TextInput
            label={t('leaseView.amendmentSummary')}
            value={input.summary}
            onChange={set('summary')}
            error={errors.summary?.[0]}
          />
          <Select
            label={t('leaseView.amendmentDocument')}
            value={input.document_id}
            onChange={set('document_id')}
            error={errors.document_id?.[0]}
            options={[
              { value: '', label: t('leaseView.noDocument') },
              ...(documents.data?.data ?? []).map((document) => ({
                value: String(document.id),
                label: document.title,
              })),
            ]}
          />
          <TextInput
            label={t('leaseView.newExpiration')}
            type="date"
            value={input.expiration_date}
            onChange={set('expiration_date')}
            error={errors.expiration_date?.[0]}
          />
        </div>
      </Dialog>
    </>
  );
}
