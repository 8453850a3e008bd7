import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  REGISTRATION_BASES,
  type FranchiseCalendarEntry,
  type FranchiseCalendarSettings,
  type Registration,
  type RegistrationBasis,
  type Reminder,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import {
  Alert,
  Button,
  Card,
  Checkbox,
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
import { useApiList } from '../leases/api-list';
import { ReminderList } from '../reminders/reminder-list';

const BASE = '/franchise-calendar';

function useSettings() {
  return useQuery({
    queryKey: queryKeys.franchiseCalendar('settings'),
    queryFn: ({ signal }) =>
      api.get<{ data: FranchiseCalendarSettings }>(`${BASE}/settings`, { signal }).then((b) => b.data),
  });
}
function useRegistrations() {
  return useQuery({
    queryKey: queryKeys.franchiseCalendar('registrations'),
    queryFn: ({ signal }) =>
      api.get<{ data: Registration[] }>(`${BASE}/registrations`, { signal }).then((b) => b.data),
  });
}
function useEntries() {
  return useQuery({
    queryKey: queryKeys.franchiseCalendar('entries'),
    queryFn: ({ signal }) =>
      api.get<{ data: FranchiseCalendarEntry[] }>(BASE, { signal }).then((b) => b.data),
  });
}

// Every write moves the computed dates and re-syncs their reminders.
const refresh = () => invalidateAfterWrite(queryKeys.all('franchise-calendar'), queryKeys.all('reminders'));

/** /franchise-calendar: the fiscal year end and FDD update deadline, state renewal rules, dates and reminders. */
export function FranchiseCalendarPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  if (settings.isError)
    return (
      <Alert type="error" title={t('franchiseCalendar.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  if (settings.isPending) return <Skeleton className="h-64 w-full" />;
  const editable = can(settings.data.abilities, 'update');
  return (
    <div className="space-y-6">
      {!editable && (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('franchiseCalendar.readOnly')}</p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard settings={settings.data} editable={editable} />
        <UpcomingCard />
      </div>
      <RegistrationsCard editable={editable} />
      <CalendarReminders />
    </div>
  );
}

function SettingsCard({ settings, editable }: { settings: FranchiseCalendarSettings; editable: boolean }) {
  const { t } = useTranslation();
  const [fiscalYearEnd, setFiscalYearEnd] = useState(settings.fiscal_year_end ?? '');
  const [days, setDays] = useState(String(settings.fdd_update_days));
  const [addDefaults, setAddDefaults] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const rules = useRegistrations();
  const entries = useEntries();
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.put<{ data: FranchiseCalendarSettings }>(`${BASE}/settings`, body),
    meta: { form: true },
  });
  const nextFdd = entries.data?.find((e) => e.kind === 'fdd_update')?.due_date;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        fiscal_year_end: fiscalYearEnd.trim(),
        fdd_update_days: days,
        add_default_registrations: addDefaults,
      });
      setAddDefaults(false);
      toast.success(t('franchiseCalendar.settingsSaved'));
      void refresh();
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  const field = (name: string) => t(`franchiseCalendar.fields.${name}`);
  return (
    <Card title={t('franchiseCalendar.settings')} description={t('franchiseCalendar.settingsIntro')}>
      <div className="space-y-4">
        <p className="text-sm font-medium text-gray-900 dark:text-white" data-testid="fdd-next">
          {nextFdd
            ? t('franchiseCalendar.nextFdd', { date: formatDay(nextFdd) })
            : t('franchiseCalendar.notSet')}
        </p>
        {editable ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                label={field('fiscal_year_end')}
                value={fiscalYearEnd}
                placeholder="12-31"
                hint={t('franchiseCalendar.fiscalYearEndHint')}
                onChange={(event) => setFiscalYearEnd(event.target.value)}
                error={errors.fiscal_year_end}
                required
              />
              <TextInput
                label={field('fdd_update_days')}
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                error={errors.fdd_update_days}
              />
            </div>
            {rules.data?.length === 0 && (
              <div>
                <Checkbox
                  label={t('franchiseCalendar.addDefaults')}
                  checked={addDefaults}
                  onChange={(event) => setAddDefaults(event.target.checked)}
                />
                <p className="text-xs text-gray-500 dark:text-gray-400">
                  {t('franchiseCalendar.addDefaultsHint')}
                </p>
              </div>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('franchiseCalendar.saveSettings')}
            </Button>
          </form>
        ) : (
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <dt className="text-gray-500 dark:text-gray-400">{field('fiscal_year_end')}</dt>
            <dd className="text-gray-900 dark:text-white">{settings.fiscal_year_end ?? '—'}</dd>
            <dt className="text-gray-500 dark:text-gray-400">{field('fdd_update_days')}</dt>
            <dd className="text-gray-900 dark:text-white">{settings.fdd_update_days}</dd>
          </dl>
        )}
      </div>
    </Card>
  );
}

function UpcomingCard() {
  const { t } = useTranslation();
  const entries = useEntries();
  const columns: Column<FranchiseCalendarEntry>[] = [
    { key: 'date', header: t('franchiseCalendar.date'), cell: (e) => formatDay(e.due_date) },
    { key: 'what', header: t('franchiseCalendar.what'), cell: (e) => e.title },
  ];
  let body;
  if (entries.isError) body = <Alert type="error">{t('franchiseCalendar.loadFailed')}</Alert>;
  else if (entries.isPending) body = <Skeleton className="h-32 w-full" />;
  else
    body = (
      <Table
        columns={columns}
        rows={entries.data}
        rowKey={(e) => `${e.kind}:${e.registration_id ?? ''}:${e.due_date}`}
        caption={t('franchiseCalendar.upcoming')}
        empty={t('franchiseCalendar.upcomingEmpty')}
      />
    );
  return <Card title={t('franchiseCalendar.upcoming')}>{body}</Card>;
}

function ruleText(t: (key: string, options?: Record<string, unknown>) => string, rule: Registration) {
  if (rule.basis === 'fixed_date') return t('franchiseCalendar.rule.fixed_date', { date: rule.fixed_date });
  if (rule.basis === 'effective_date' && !rule.last_effective_date)
    return t('franchiseCalendar.rule.effective_date_missing');
  return t(`franchiseCalendar.rule.${rule.basis}`, {
    count: rule.days ?? 0,
    date: rule.last_effective_date ? formatDay(rule.last_effective_date) : '',
  });
}

function RegistrationsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const rules = useRegistrations();
  // The rule being edited, or 'new'.
  const [editing, setEditing] = useState<Registration | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Registration | null>(null);
  const remove = useMutation({
    mutationFn: (rule: Registration) => api.delete(`${BASE}/registrations/${rule.id}`),
    onSuccess: (_done, rule) => {
      toast.success(t('franchiseCalendar.ruleDeleted', { state: rule.state }));
      setDeleting(null);
      void refresh();
    },
    onError: () => setDeleting(null),
  });
  const columns: Column<Registration>[] = [
    { key: 'state', header: t('franchiseCalendar.fields.state'), cell: (r) => r.state },
    { key: 'rule', header: t('franchiseCalendar.fields.basis'), cell: (r) => ruleText(t, r) },
    {
      key: 'next',
      header: t('franchiseCalendar.nextDue'),
      cell: (r) => (r.next_due ? formatDay(r.next_due) : t('franchiseCalendar.noNextDue')),
      className: 'whitespace-nowrap',
    },
  ];
  if (editable)
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('franchiseCalendar.actions')}</span>,
      cell: (r) => (
        <RowActions
          actions={[
            {
              label: t('franchiseCalendar.edit'),
              name: t('franchiseCalendar.editRule', { state: r.state }),
              onClick: () => setEditing(r),
            },
            {
              label: t('franchiseCalendar.delete'),
              name: t('franchiseCalendar.deleteRule', { state: r.state }),
              onClick: () => setDeleting(r),
            },
          ]}
        />
      ),
      className: 'text-right',
    });
  let body;
  if (rules.isError) body = <Alert type="error">{t('franchiseCalendar.loadFailed')}</Alert>;
  else if (rules.isPending) body = <Skeleton className="h-32 w-full" />;
  else
    body = (
      <Table
        columns={columns}
        rows={rules.data}
        rowKey={(r) => r.id}
        caption={t('franchiseCalendar.registrations')}
        empty={t('franchiseCalendar.noRules')}
      />
    );
  return (
    <Card
      title={t('franchiseCalendar.registrations')}
      description={t('franchiseCalendar.registrationsIntro')}
    >
      <div className="space-y-4">
        {body}
        {editable && (
          <Button color="white" onClick={() => setEditing('new')}>
            {t('franchiseCalendar.addRule')}
          </Button>
        )}
      </div>
      {editing !== null && (
        <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('franchiseCalendar.deleteTitle', { state: deleting?.state ?? '' })}
        message={t('franchiseCalendar.deleteText')}
        confirmLabel={t('franchiseCalendar.delete')}
        cancelLabel={t('common.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Card>
  );
}

function RuleDialog({ rule, onClose }: { rule: Registration | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState(rule?.state ?? '');
  const [basis, setBasis] = useState<RegistrationBasis>(rule?.basis ?? 'fiscal_year_end');
  const [days, setDays] = useState(rule?.days === null || !rule ? '' : String(rule.days));
  const [fixedDate, setFixedDate] = useState(rule?.fixed_date ?? '');
  const [effective, setEffective] = useState(rule?.last_effective_date ?? '');
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      rule
        ? api.put<{ data: Registration }>(`${BASE}/registrations/${rule.id}`, body)
        : api.post<{ data: Registration }>(`${BASE}/registrations`, body),
    meta: { form: true },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        state,
        basis,
        days: basis === 'fixed_date' ? null : days,
        fixed_date: basis === 'fixed_date' ? fixedDate : null,
        last_effective_date: effective,
      });
      toast.success(t('franchiseCalendar.ruleSaved', { state: saved.data.state }));
      void refresh();
      onClose();
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  const field = (name: string) => t(`franchiseCalendar.fields.${name}`);
  return (
    <Dialog
      open
      onClose={onClose}
      title={rule ? t('franchiseCalendar.editRule', { state: rule.state }) : t('franchiseCalendar.addRule')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={field('state')}
            value={state}
            maxLength={2}
            autoComplete="off"
            onChange={(event) => setState(event.target.value)}
            error={errors.state}
            required
          />
          <Select
            label={field('basis')}
            value={basis}
            onChange={(event) => setBasis(event.target.value as RegistrationBasis)}
            error={errors.basis}
            options={REGISTRATION_BASES.map((value) => ({
              value,
              label: t(`franchiseCalendar.bases.${value}`),
            }))}
          />
          {basis === 'fixed_date' ? (
            <TextInput
              label={field('fixed_date')}
              value={fixedDate}
              placeholder="06-30"
              onChange={(event) => setFixedDate(event.target.value)}
              error={errors.fixed_date}
              required
            />
          ) : (
            <TextInput
              label={field('days')}
              inputMode="numeric"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={errors.days}
              required
            />
          )}
          <TextInput
            label={field('last_effective_date')}
            type="date"
            value={effective}
            onChange={(event) => setEffective(event.target.value)}
            error={errors.last_effective_date}
          />
        </div>
        <FormActions
          onCancel={onClose}
          cancelLabel={t('common.cancel')}
          saving={save.isPending}
          submitLabel={t('franchiseCalendar.saveRule')}
        />
      </form>
    </Dialog>
  );
}

/** The calendar's reminders: about no record, so only their source finds them. */
function CalendarReminders() {
  const { t } = useTranslation();
  const list = useApiList<Reminder>('reminders', {
    page: 1,
    per_page: 10,
    sort: 'due_date',
    direction: 'asc',
    filters: { source: ['franchise_calendar'] },
  });
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('franchiseCalendar.reminders')}
      </h2>
      <ReminderList
        reminders={list.data?.data ?? []}
        loading={list.isPending}
        emptyTitle={t('franchiseCalendar.remindersNone')}
      />
    </section>
  );
}
