import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  DEVELOPMENT_UNIT_STATUSES,
  SETTLED_DEVELOPMENT_STATUSES,
  type Agreement,
  type DevelopmentSchedule,
  type DevelopmentUnit,
  type DevelopmentUnitInput,
  type DevelopmentUnitStatus,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import {
  Alert,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  FormActions,
  RowActions,
  Select,
  Skeleton,
  Table,
  TextInput,
  type Column,
} from '../../components/ui';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';
import { formatDay } from '../../lib/format';
import { can } from '../auth/permissions';

const path = (agreementId: number) => `/agreements/${agreementId}/development`;

type Draft = { unit_number: string; open_by: string; store_id: string; status: DevelopmentUnitStatus };

const toInput = (unit: DevelopmentUnit): DevelopmentUnitInput => ({
  unit_number: unit.unit_number,
  open_by: unit.open_by,
  store_id: unit.store?.id ?? null,
  status: unit.status,
});

const isSettled = (status: DevelopmentUnitStatus) => SETTLED_DEVELOPMENT_STATUSES.includes(status);

/**
 * The stores a unit may be linked to: the franchisee's (their operating company), else the agreement's own
 * stores when it names no franchisee.
 */
function useStoreOptions(agreement: Agreement) {
  const franchiseeId = agreement.franchisee?.id ?? null;
  const stores = useQuery({
    queryKey: queryKeys.list('stores', { company_id: franchiseeId, per_page: 100, picker: true }),
    queryFn: ({ signal }) =>
      api.get<{ data: Array<{ id: number; name: string }> }>('/stores', {
        signal,
        query: { 'filters[company_id]': franchiseeId, per_page: 100, sort: 'name', direction: 'asc' },
      }),
    enabled: franchiseeId !== null,
  });
  return franchiseeId === null ? agreement.stores : (stores.data?.data ?? []);
}

/**
 * An area development agreement's schedule: the units the developer must open, each by a date, with the ones
 * behind schedule flagged and their reminders. The API saves the schedule whole, so every change sends it all.
 */
export default function DevelopmentPanel({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const schedule = useQuery({
    queryKey: queryKeys.agreementDevelopment(agreement.id),
    queryFn: ({ signal }) =>
      api.get<{ data: DevelopmentSchedule }>(path(agreement.id), { signal }).then((body) => body.data),
  });
  let body;
  if (schedule.isError)
    body = (
      <Alert type="error" title={t('development.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  else if (schedule.isPending) body = <Skeleton className="h-40 w-full" />;
  else body = <Schedule agreement={agreement} schedule={schedule.data} />;
  return (
    <Card id="development" title={t('development.title')} description={t('development.intro')}>
      {body}
    </Card>
  );
}

function Schedule({ agreement, schedule }: { agreement: Agreement; schedule: DevelopmentSchedule }) {
  const { t } = useTranslation();
  const editable = can(schedule.abilities, 'update');
  // The unit being edited: its index, or `units.length` for a new one.
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<DevelopmentUnit | null>(null);
  const save = useSaveSchedule(agreement.id);
  const remove = async () => {
    if (!removing) return;
    await save.mutateAsync(schedule.units.filter((u) => u.unit_number !== removing.unit_number).map(toInput));
    toast.success(t('development.removed', { number: removing.unit_number }));
    setRemoving(null);
  };
  const columns: Column<DevelopmentUnit>[] = [
    {
      key: 'unit',
      header: t('development.fields.unit_number'),
      cell: (u) => (
        <>
          <span className="whitespace-nowrap">{t('development.unit', { number: u.unit_number })}</span>
          {/* On a phone the open-by column is hidden: the date goes under the unit. */}
          <span className="block text-xs text-gray-500 md:hidden dark:text-gray-400">
            {t('development.openBy', { date: formatDay(u.open_by) })}
          </span>
        </>
      ),
    },
    {
      key: 'open_by',
      header: t('development.fields.open_by'),
      cell: (u) => formatDay(u.open_by),
      className: 'whitespace-nowrap',
      hideOnMobile: true,
    },
    {
      key: 'store',
      header: t('development.fields.store_id'),
      cell: (u) => u.store?.name ?? t('development.noStore'),
      hideOnMobile: true,
    },
    {
      key: 'status',
      header: t('development.fields.status'),
      cell: (u) => (
        <div className="flex flex-wrap gap-1.5">
          <Badge color={u.status === 'open' ? 'green' : u.status === 'terminated' ? 'gray' : 'blue'}>
            {t(`development.statuses.${u.status}`)}
          </Badge>
          {u.behind_schedule && <Badge color="red">{t('development.behind')}</Badge>}
        </div>
      ),
    },
    {
      key: 'reminder',
      header: t('development.reminder'),
      cell: (u) =>
        isSettled(u.status)
          ? t('development.noReminder')
          : t(u.behind_schedule ? 'development.reminderOverdue' : 'development.reminderDue', {
              date: formatDay(u.open_by),
            }),
      hideOnMobile: true,
    },
  ];
  if (editable)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('development.actions')}</span>,
      cell: (u) => (
        <RowActions
          actions={[
            {
              label: t('development.edit'),
              name: t('development.editUnit', { number: u.unit_number }),
              onClick: () => setEditing(schedule.units.indexOf(u)),
            },
            {
              label: t('development.remove'),
              name: t('development.removeUnit', { number: u.unit_number }),
              onClick: () => setRemoving(u),
            },
          ]}
        />
      ),
      className: 'text-right',
    });
  return (
    <div className="space-y-4">
      {schedule.behind_schedule > 0 && (
        <Alert type="warning" title={t('development.behindCount', { count: schedule.behind_schedule })}>
          {t('development.behindRule')}
        </Alert>
      )}
      {schedule.units.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {editable ? t('development.empty') : t('development.emptyReadOnly')}
        </p>
      ) : (
        <Table
          columns={columns}
          rows={schedule.units}
          rowKey={(u) => u.unit_number}
          caption={t('development.title')}
        />
      )}
      {editable ? (
        <Button color="white" onClick={() => setEditing(schedule.units.length)}>
          {t('development.add')}
        </Button>
      ) : (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('development.readOnly')}</p>
      )}
      {editing !== null && (
        <UnitDialog
          agreement={agreement}
          units={schedule.units}
          index={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('development.removeTitle', { number: removing?.unit_number ?? '' })}
        message={t('development.removeText')}
        confirmLabel={t('development.remove')}
        cancelLabel={t('common.cancel')}
        loading={save.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove().catch(() => setRemoving(null))}
      />
    </div>
  );
}

function useSaveSchedule(agreementId: number) {
  return useMutation({
    mutationFn: (units: DevelopmentUnitInput[]) =>
      api.put<{ data: DevelopmentSchedule }>(path(agreementId), { units }),
    meta: { form: true },
    // The units' reminders are the agreement's: its reminder list follows the schedule.
    onSuccess: () =>
      invalidateAfterWrite(queryKeys.agreementDevelopment(agreementId), queryKeys.all('reminders')),
  });
}

function UnitDialog({
  agreement,
  units,
  index,
  onClose,
}: {
  agreement: Agreement;
  units: DevelopmentUnit[];
  index: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = units[index];
  const [draft, setDraft] = useState<Draft>(() => ({
    unit_number: String(current?.unit_number ?? Math.max(0, ...units.map((u) => u.unit_number)) + 1),
    open_by: current?.open_by ?? '',
    store_id: current?.store ? String(current.store.id) : '',
    status: current?.status ?? 'planned',
  }));
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useSaveSchedule(agreement.id);
  const stores = useStoreOptions(agreement);
  // A unit already linked to a store keeps it as a choice even if the store left the franchisee.
  const storeChoices =
    current?.store && !stores.some((s) => s.id === current.store!.id) ? [current.store, ...stores] : stores;
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    // The text as typed: the API reads numbers from it, and its 422 names what is wrong per field.
    const unit: DevelopmentUnitInput = {
      unit_number: draft.unit_number,
      open_by: draft.open_by,
      store_id: draft.store_id || null,
      status: draft.status,
    };
    const next = units.map(toInput);
    next[index] = unit;
    try {
      await save.mutateAsync(next);
      toast.success(t('development.saved'));
      onClose();
    } catch (error) {
      const messages = apiFieldErrors(error);
      if (!messages) return;
      const prefix = `units.${index}.`;
      setErrors(
        Object.fromEntries(
          Object.entries(messages).map(([key, message]) => [
            key.startsWith(prefix) ? key.slice(prefix.length) : key,
            message,
          ]),
        ),
      );
    }
  }

  const field = (name: string) => t(`development.fields.${name}`);
  const other = Object.entries(errors).filter(
    ([key]) => !['unit_number', 'open_by', 'store_id', 'status'].includes(key),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={current ? t('development.editTitle', { number: current.unit_number }) : t('development.add')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {other.length > 0 && <Alert type="error">{other.map(([, message]) => message).join(' ')}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={field('unit_number')}
            inputMode="numeric"
            value={draft.unit_number}
            onChange={(event) => set('unit_number')(event.target.value)}
            error={errors.unit_number}
            required
          />
          <TextInput
            label={field('open_by')}
            type="date"
            value={draft.open_by}
            onChange={(event) => set('open_by')(event.target.value)}
            error={errors.open_by}
            required
          />
          <Select
            label={field('store_id')}
            value={draft.store_id}
            onChange={(event) => set('store_id')(event.target.value)}
            error={errors.store_id}
            hint={t('development.storeHint')}
            options={[
              { value: '', label: t('development.noStore') },
              ...storeChoices.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
          <Select
            label={field('status')}
            value={draft.status}
            onChange={(event) => set('status')(event.target.value)}
            error={errors.status}
            options={DEVELOPMENT_UNIT_STATUSES.map((value) => ({
              value,
              label: t(`development.statuses.${value}`),
            }))}
          />
        </div>
        <FormActions
          onCancel={onClose}
          cancelLabel={t('common.cancel')}
          saving={save.isPending}
          submitLabel={t('development.save')}
        />
      </form>
    </Dialog>
  );
}
