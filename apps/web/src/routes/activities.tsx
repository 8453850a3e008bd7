import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  RECORD_TYPES,
  TOAST_TIMEOUT_MS,
  type Activity,
  type RecordType,
  type TrashItem,
} from '@storekeep/contracts';
import { api } from '../api/client';
import { invalidateAfterWrite } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import {
  Button,
  DataTable,
  EmptyState,
  PageHeader,
  Pagination,
  RelativeTime,
  Select,
  TabNav,
  TextInput,
  type DataColumn,
} from '../components/ui';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { ActivityList } from '../features/records/activity-list';
import { restoreRecord } from '../features/records/queries';
import { SUBJECTS, type Paginated } from '../features/records/types';
import { useTeam } from '../features/teams/use-team';
import { formatDate } from '../lib/format';
import { usePaginationLabels } from '../features/records/use-pagination-labels';

const SUBJECT_TYPES = [
  'company',
  'brand',
  'store',
  'contact',
  'note',
  'team',
  'team_member',
  'team_invitation',
  'user',
] as const;
const ACTIONS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'image_updated',
  'image_removed',
  'renamed',
  'invited',
  'invitation_cancelled',
  'role_changed',
  'joined',
  'login',
  'logout',
  'password_changed',
] as const;
const FILTERS = ['user_id', 'subject_type', 'action', 'from', 'to'] as const;

function AuditLog() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const team = useTeam(user.team_id ?? 0);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = Object.fromEntries(FILTERS.map((field) => [field, params.get(field) ?? '']));
  const query: Record<string, string | number> = { page };
  for (const [field, value] of Object.entries(filters)) if (value) query[`filters[${field}]`] = value;
  const activities = useQuery({
    queryKey: queryKeys.activities(query),
    queryFn: ({ signal }) => api.get<Paginated<Activity>>('/activities', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const labels = usePaginationLabels();
  const meta = activities.data?.meta;

  const set = (field: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(field, value);
    else next.delete(field);
    if (field !== 'page') next.delete('page');
    setParams(next, { replace: field !== 'page' });
  };
  const any = () => [{ value: '', label: t('activity.any') }];

  return (
    <>
      <div
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        role="group"
        aria-label={t('records.list.filters')}
      >
        <Select
          label={t('activity.user')}
          value={filters.user_id}
          onChange={(event) => set('user_id', event.target.value)}
          options={[
            ...any(),
            ...(team.data?.members ?? []).map((member) => ({ value: String(member.id), label: member.name })),
          ]}
        />
        <Select
          label={t('activity.subjectType')}
          value={filters.subject_type}
          onChange={(event) => set('subject_type', event.target.value)}
          options={[
            ...any(),
            ...SUBJECT_TYPES.map((type) => ({ value: type, label: t(`activity.subjects.${type}`) })),
          ]}
        />
        <Select
          label={t('activity.action')}
          value={filters.action}
          onChange={(event) => set('action', event.target.value)}
          options={[
            ...any(),
            ...ACTIONS.map((action) => ({ value: action, label: t(`activity.actionNames.${action}`) })),
          ]}
        />
        <TextInput
          label={t('activity.from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextInput
          label={t('activity.to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set('to', event.target.value)}
        />
      </div>
      <div className="rounded-lg bg-white px-4 shadow-sm ring-1 ring-gray-900/5 sm:px-6 dark:bg-gray-900 dark:ring-white/10">
        <ActivityList activities={activities.data?.data ?? []} loading={activities.isPending} showSubject />
      </div>
      {meta && meta.total > 0 && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          from={meta.from}
          to={meta.to}
          total={meta.total}
          onPage={(p) => set('page', String(p))}
          labels={labels}
        />
      )}
    </>
  );
}

function Trash() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const type = params.get('type') ?? '';
  const query: Record<string, string | number> = { page };
  if (type) query['filters[type]'] = type;
  const trash = useQuery({
    queryKey: queryKeys.trash(query),
    queryFn: ({ signal }) => api.get<Paginated<TrashItem>>('/trash', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const restore = useMutation({
    // Any trashed type (records, and documents once they exist) restores through POST /{type}/{id}/restore.
    mutationFn: (item: TrashItem) => restoreRecord(item.type as RecordType, item.id),
    onSuccess: (_data, item) => {
      toast.success(t('records.restored', { name: item.title }), { duration: TOAST_TIMEOUT_MS });
      void invalidateAfterWrite(queryKeys.all('trash'));
    },
  });
  const labels = usePaginationLabels();
  const meta = trash.data?.meta;
  const set = (field: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(field, value);
    else next.delete(field);
    if (field !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: DataColumn<TrashItem>[] = [
    {
      key: 'title',
      header: t('records.fields.name'),
      cell: (item) => <span className="font-medium text-gray-900 dark:text-white">{item.title}</span>,
    },
    {
      key: 'type',
      header: t('trash.type'),
      cell: (item) => t(`activity.subjects.${SUBJECTS[item.type as RecordType] ?? 'document'}`),
    },
    {
      key: 'deleted_at',
      header: t('trash.deletedAt'),
      cell: (item) => <RelativeTime value={item.deleted_at} />,
      hideOnMobile: true,
      className: 'whitespace-nowrap',
    },
    {
      key: 'purge_at',
      header: t('trash.purgeAt'),
      cell: (item) => formatDate(item.purge_at),
      hideOnMobile: true,
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('team.actions')}</span>,
      className: 'text-right',
      cell: (item) => (
        <Button
          color="white"
          size="sm"
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
          loading={
            restore.isPending && restore.variables?.id === item.id && restore.variables.type === item.type
          }
          onClick={() => restore.mutate(item)}
          aria-label={t('trash.restoreItem', { name: item.title })}
        >
          {t('trash.restore')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="mb-4 max-w-xs">
        <Select
          label={t('trash.type')}
          value={type}
          onChange={(event) => set('type', event.target.value)}
          options={[
            { value: '', label: t('activity.any') },
            ...RECORD_TYPES.map((value) => ({ value, label: t(`nav.${value}`) })),
          ]}
        />
      </div>
      {!trash.isPending && (trash.data?.data.length ?? 0) === 0 ? (
        <EmptyState
          icon={<Trash2 aria-hidden="true" />}
          title={t('trash.empty')}
          text={t('trash.emptyText')}
        />
      ) : (
        <DataTable
          columns={columns}
          rows={trash.data?.data ?? []}
          rowKey={(item) => `${item.type}-${item.id}`}
          caption={t('trash.title')}
          loading={trash.isPending}
        />
      )}
      {meta && meta.total > 0 && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          from={meta.from}
          to={meta.to}
          total={meta.total}
          onPage={(p) => set('page', String(p))}
          labels={labels}
        />
      )}
    </>
  );
}

/** /activities (admins): the team's audit log with filters, and the trash of deleted records. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = params.get('view') === 'trash' ? 'trash' : 'log';
  return (
    <>
      <PageHeader title={t('activity.title')} description={t('activity.description')} />
      <TabNav
        label={t('activity.views')}
        current={view}
        tabs={[
          { key: 'log', label: t('activity.log'), to: '/activities' },
          { key: 'trash', label: t('trash.title'), to: '/activities?view=trash' },
        ]}
      />
      <div className="mt-6">{view === 'trash' ? <Trash /> : <AuditLog />}</div>
    </>
  );
}
