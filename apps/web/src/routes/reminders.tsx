import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REMINDER_SOURCES, type Reminder } from '@storekeep/contracts';
import { Alert, Button, PageHeader, Pagination, TabNav } from '../components/ui';
import { canManage } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { useApiList, parseSimpleParams } from '../features/leases/api-list';
import { listParamsToSearch, PER_PAGE_OPTIONS } from '../features/records/list-params';
import { usePaginationLabels } from '../features/records/use-pagination-labels';
import { NewReminderDialog } from '../features/reminders/reminder-dialogs';
import { useListView } from '../features/list-preferences/use-list-view';
import { ReminderList } from '../features/reminders/reminder-list';
import { PushToggle } from '../features/pwa/push-toggle';

/** /reminders (the spec's notifications): Incomplete / Completed, newest due date first. */
export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(() => parseSimpleParams(searchParams, ['status', 'source', 'subject_type', 'subject_id', 'assignee_id'], ['due_date', 'created_at'], { sort: 'due_date', direction: 'desc' }), [searchParams]);
  const view = useListView('reminders', searchParams, parsed);
  const params = view.params;
  const status = params.filters.status?.[0] === 'completed' ? 'completed' : 'incomplete';
  const source = params.filters.source?.[0];
  const query = { ...params, filters: { ...params.filters, status: [status] } };
  const list = useApiList<Reminder>('reminders', query, view.ready);
  const labels = usePaginationLabels();
  const [creating, setCreating] = useState(false);
  const meta = list.data?.meta;

  const linkFor = (next: string) => {
    const search = listParamsToSearch({ ...params, page: 1, sort: null, filters: { ...params.filters, status: [next] } });
    return `/reminders?${search.toString()}`;
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
            <PushToggle />
            {canManage(user) && (
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
            <Button size="sm" color="white" onClick={() => setSearchParams(listParamsToSearch({ ...params, sort: null, page: 1, filters: { status: [status] } }))}>
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
          { key: 'incomplete', label: t('reminders.incomplete'), to: linkFor('incomplete') },
          { key: 'completed', label: t('reminders.completedTab'), to: linkFor('completed') },
        ]}
      />
      <div className="mt-6">
        <ReminderList
          reminders={list.data?.data ?? []}
          loading={list.isPending}
          emptyTitle={status === 'completed' ? t('reminders.noneCompleted') : t('reminders.none')}
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
