import { Plus, SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REMINDER_SOURCES, REMINDER_SUBJECTS, type RecordRef, type Reminder } from '@storekeep/contracts';
import { Alert, Button, PageHeader, Pagination, Select, TabNav } from '../components/ui';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { useApiList, parseSimpleParams } from '../features/leases/api-list';
import { listParamsToSearch, PER_PAGE_OPTIONS } from '../features/records/list-params';
import { usePaginationLabels } from '../features/records/use-pagination-labels';
import { NewReminderDialog } from '../features/reminders/reminder-dialogs';
import { useListView } from '../features/list-preferences/use-list-view';
import { ReminderList } from '../features/reminders/reminder-list';
import { RecordPicker } from '../features/records/record-picker';
import { useTeam } from '../features/teams/use-team';
import { useReminderCounts } from '../features/reminders/queries';
import { PushToggle } from '../features/pwa/push-toggle';

type Tab = 'incomplete' | 'overdue' | 'completed';

/**
 * /reminders (the spec's notifications): Open (overdue first, then by due date), Overdue and Completed,
 * each with its count.
 */
const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count})`;

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(
    () =>
      parseSimpleParams(
        searchParams,
        ['status', 'source', 'subject_type', 'subject_id', 'assignee_id', 'store_id', 'brand_id'],
        ['due_date', 'created_at'],
        { sort: 'due_date', direction: 'asc' },
      ),
    [searchParams],
  );
  const view = useListView('reminders', searchParams, parsed);
  const params = view.params;
  const requested = params.filters.status?.[0];
  const status: Tab = requested === 'completed' || requested === 'overdue' ? requested : 'incomplete';
  const source = params.filters.source?.[0];
  const query = {
    ...params,
    filters: {
      ...params.filters,
      ...(status === 'overdue' ? { status: ['incomplete'], state: ['overdue'] } : { status: [status] }),
    },
  };
  const counts = useReminderCounts();
  const list = useApiList<Reminder>('reminders', query, view.ready);
  const labels = usePaginationLabels();
  const [creating, setCreating] = useState(false);
  // On a phone the four filters fold behind one button, so the reminders start on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const meta = list.data?.meta;

  const linkFor = (next: string) => {
    const search = listParamsToSearch({
      ...params,
      page: 1,
      sort: null,
      filters: { ...params.filters, status: [next] },
    });
    return `/reminders?${search.toString()}`;
  };
  const mine = params.filters.assignee_id?.[0] === String(user.id);
  const activeFilters = (['subject_type', 'assignee_id', 'store_id', 'brand_id'] as const).filter(
    (key) => (params.filters[key]?.length ?? 0) > 0,
  ).length;
  // A franchisee's member sees the reminders of their own records: not who of the team they are assigned to,
  // nor the team's brands; their notices are not pushed to them.
  const wholeTeam = can(user, 'team.browse');
  const team = useTeam(user.team_id ?? 0, wholeTeam);
  // The pickers show the chosen record's name; one that came with the address shows its number until changed.
  const [store, setStore] = useState<RecordRef>(() =>
    params.filters.store_id?.[0]
      ? { id: Number(params.filters.store_id[0]), name: `#${params.filters.store_id[0]}` }
      : null,
  );
  const [brand, setBrand] = useState<RecordRef>(() =>
    params.filters.brand_id?.[0]
      ? { id: Number(params.filters.brand_id[0]), name: `#${params.filters.brand_id[0]}` }
      : null,
  );
  const setFilter = (changes: Record<string, string[] | undefined>) => {
    const filters = { ...params.filters, ...changes };
    for (const [name, value] of Object.entries(changes)) if (value === undefined) delete filters[name];
    setSearchParams(listParamsToSearch({ ...params, page: 1, filters: filters as typeof params.filters }));
  };
  const update = (changes: { page?: number; per_page?: number }) => {
    const search = listParamsToSearch({ ...params, sort: null, ...changes });
    setSearchParams(search);
  };

  return (
    <>
      <PageHeader
        title={t('reminders.title')}
        description={t('reminders.intro')}
        actions={
          <>
            {wholeTeam && <PushToggle />}
            {can(user, 'records.write') && (
              <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setCreating(true)}>
                {t('reminders.new')}
              </Button>
            )}
          </>
        }
      />
      {source && (REMINDER_SOURCES as readonly string[]).includes(source) && (
        <Alert
          type="warning"
          className="mb-4"
          action={
            <Button
              size="sm"
              color="white"
              onClick={() =>
                setSearchParams(
                  listParamsToSearch({ ...params, sort: null, page: 1, filters: { status: [status] } }),
                )
              }
            >
              {t('records.list.clearAll')}
            </Button>
          }
        >
          {t('reminders.filteredBy', { source: t(`reminders.sources.${source}`) })}
        </Alert>
      )}
      <TabNav
        label={t('reminders.tabs')}
        current={status}
        tabs={[
          {
            key: 'incomplete',
            label: withCount(
              t('reminders.incomplete'),
              counts.data && counts.data.overdue + counts.data.upcoming,
            ),
            to: linkFor('incomplete'),
          },
          {
            key: 'overdue',
            label: withCount(t('inbox.overdueTab'), counts.data?.overdue),
            to: linkFor('overdue'),
          },
          { key: 'completed', label: t('reminders.completedTab'), to: linkFor('completed') },
        ]}
      />
      <div className="mt-6">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <Button
              size="sm"
              color="white"
              className="sm:hidden"
              aria-expanded={filtersOpen}
              aria-controls="reminder-filters"
              icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {activeFilters > 0
                ? t('inbox.showFilters_active', { count: activeFilters })
                : t('inbox.showFilters')}
            </Button>
            <div
              id="reminder-filters"
              className={`flex flex-wrap items-end gap-2 ${filtersOpen ? 'max-sm:w-full' : 'max-sm:hidden'}`}
              role="group"
              aria-label={t('inbox.filters')}
            >
              <Select
                label={t('inbox.type')}
                containerClassName="w-44"
                value={params.filters.subject_type?.[0] ?? ''}
                onChange={(event) =>
                  setFilter({
                    subject_type: event.currentTarget.value ? [event.currentTarget.value] : undefined,
                  })
                }
                options={[
                  { value: '', label: t('inbox.allTypes') },
                  ...REMINDER_SUBJECTS.map((type) => ({ value: type, label: t(`inbox.types.${type}`) })),
                ]}
              />
              {wholeTeam && (
                <Select
                  label={t('inbox.assignee')}
                  containerClassName="w-44"
                  value={params.filters.assignee_id?.[0] ?? ''}
                  onChange={(event) =>
                    setFilter({
                      assignee_id: event.currentTarget.value ? [event.currentTarget.value] : undefined,
                    })
                  }
                  options={[
                    { value: '', label: t('inbox.anyone') },
                    ...(team.data?.members ?? []).map((member) => ({
                      value: String(member.id),
                      label: member.name,
                    })),
                  ]}
                />
              )}
              <div className="w-56">
                <RecordPicker
                  type="stores"
                  label={t('inbox.store')}
                  value={store}
                  onChange={(value) => {
                    setStore(value);
                    setFilter({ store_id: value ? [String(value.id)] : undefined });
                  }}
                />
              </div>
              {wholeTeam && (
                <div className="w-48">
                  <RecordPicker
                    type="brands"
                    label={t('inbox.brand')}
                    value={brand}
                    onChange={(value) => {
                      setBrand(value);
                      setFilter({ brand_id: value ? [String(value.id)] : undefined });
                    }}
                  />
                </div>
              )}
            </div>
            {wholeTeam && (
              <Button
                size="sm"
                color={mine ? 'blue' : 'white'}
                aria-pressed={mine}
                onClick={() => setFilter({ assignee_id: mine ? undefined : [String(user.id)] })}
              >
                {t('inbox.mine')}
              </Button>
            )}
          </div>
          <Select
            hideLabel
            label={t('inbox.sortLabel')}
            containerClassName="w-44"
            value={params.direction}
            onChange={(event) =>
              setSearchParams(
                listParamsToSearch({
                  ...params,
                  page: 1,
                  sort: 'due_date',
                  direction: event.currentTarget.value as 'asc' | 'desc',
                }),
              )
            }
            options={[
              { value: 'asc', label: t('inbox.soonestFirst') },
              { value: 'desc', label: t('inbox.latestFirst') },
            ]}
          />
        </div>
        <ReminderList
          inbox={{ userId: user.id }}
          reminders={list.data?.data ?? []}
          loading={list.isPending}
          emptyTitle={
            status === 'completed'
              ? t('reminders.noneCompleted')
              : status === 'overdue'
                ? t('inbox.noneOverdue')
                : t('reminders.none')
          }
          emptyText={status === 'completed' ? undefined : t('reminders.noneText')}
        />
        {meta && meta.total > 0 && (
          <Pagination
            page={meta.current_page}
            lastPage={meta.last_page}
            from={meta.from}
            to={meta.to}
            total={meta.total}
            perPage={params.per_page}
            perPageOptions={PER_PAGE_OPTIONS}
            onPage={(page) => update({ page })}
            onPerPage={view.choosePerPage((per_page) => update({ per_page, page: 1 }))}
            labels={labels}
          />
        )}
      </div>
      <NewReminderDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
