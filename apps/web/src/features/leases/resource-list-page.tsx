import { Plus, Search, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AttributeValue } from '@storekeep/contracts';
import {
  buttonClasses,
  DataTable,
  EmptyState,
  PageHeader,
  type DataColumn,
  type SortState,
} from '../../components/ui';
import { useCreateShortcut } from '../../lib/use-create-shortcut';
import { useSearchCommit } from '../../lib/use-search-commit';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { attributeColumns, AttributeListFilters } from '../attributes/list-columns';
import { ColumnPicker } from '../list-preferences/column-picker';
import { useListView, visibleColumns } from '../list-preferences/use-list-view';
import { useAttributes } from '../attributes/queries';
import { ExportLinks } from '../records/export-links';
import { listParamsToSearch, toApiQuery, type ListParams } from '../records/list-params';
import { parseSimpleParams, useApiList } from './api-list';
import { FilterBar } from '../records/filter-bar';
import { ListPagination } from '../records/list-pagination';
import { ListLoadError } from '../errors/list-load-error';

type ResourceListPageProps<T extends { id: number }> = {
  resource: 'leases' | 'agreements';
  title: string;
  createLabel: string;
  searchPlaceholder: string;
  emptyTitle: string;
  emptyText: string;
  noMatches: string;
  filterFields: readonly string[];
  sorts: readonly string[];
  columns: DataColumn<T>[];
  /** Filter controls, given the current filters and a setter. */
  renderFilters: (
    filters: Record<string, string[]>,
    onChange: (field: string, values: string[]) => void,
  ) => ReactNode;
};

/** A list page of leases or agreements: URL state, search, filters, sortable table and pagination. */
export function ResourceListPage<T extends { id: number }>(props: ResourceListPageProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(
    () => parseSimpleParams(searchParams, props.filterFields, props.sorts, {}, true),
    [searchParams, props.filterFields, props.sorts],
  );
  const view = useListView(props.resource, searchParams, parsed);
  const params = view.params;
  // A franchisee's member lists their own leases and agreements: not the team's own fields or exports, which
  // the API refuses them.
  const wholeTeam = can(user, 'team.browse');
  const attributes = useAttributes(props.resource, false, wholeTeam);
  const definitions = attributes.data ?? [];
  const allColumns = [
    ...props.columns,
    ...attributeColumns<T & { attributes?: Record<string, AttributeValue> }>(definitions),
  ];
  const columns = visibleColumns(allColumns, view.hidden);
  const [searchText, setSearchText] = useState(params.search);
  const list = useApiList<T>(props.resource, params, view.ready);

  const update = (changes: Partial<ListParams>) => {
    const next = { ...params, ...changes, ...(!('page' in changes) ? { page: 1 } : {}) };
    setSearchParams(listParamsToSearch(next), { replace: !('page' in changes) });
  };
  useSearchCommit(searchText, params.search, (search) => update({ search }));

  const sort: SortState = { field: params.sort, direction: params.direction };
  const filtered = Boolean(params.search) || Object.keys(params.filters).length > 0;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  useCreateShortcut(can(user, 'records.write') ? () => navigate(`/${props.resource}/create`) : null);
  const createAction = can(user, 'records.write') ? (
    <Link to={`/${props.resource}/create`} className={buttonClasses('blue')}>
      <Plus className="size-4" aria-hidden="true" />
      {props.createLabel}
    </Link>
  ) : null;

  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          <>
            {/* A franchisee's people export their own rows too (the server narrows them, without attributes). */}
            <ExportLinks
              resource={props.resource}
              query={{
                ...toApiQuery({ ...params, page: undefined, per_page: undefined }),
                attributes: view.exportAttributes(definitions),
              }}
            />
            {createAction}
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative w-full lg:max-w-xs">
          <label htmlFor={`${props.resource}-search`} className="sr-only">
            {props.searchPlaceholder}
          </label>
          <Search
            className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-gray-400"
            aria-hidden="true"
          />
          <input
            id={`${props.resource}-search`}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={props.searchPlaceholder}
            className="block min-h-11 w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-base text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-blue-600 focus:outline-none sm:min-h-10 sm:text-sm dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700"
          />
        </div>
        <FilterBar
          filtered={filtered}
          onClear={() => {
            setSearchText('');
            update({ search: '', filters: {} });
          }}
        >
          {props.renderFilters(params.filters, (field, values) =>
            update({ filters: { ...params.filters, [field]: values } }),
          )}
          <AttributeListFilters
            definitions={definitions}
            filters={params.filters}
            onChange={(field, values) => update({ filters: { ...params.filters, [field]: values } })}
          />
        </FilterBar>
        <div className="lg:ml-auto">
          <ColumnPicker columns={allColumns} hidden={view.hidden} onChange={view.saveHidden} />
        </div>
      </div>
      {list.isError && !list.data ? (
        <ListLoadError query={list} />
      ) : !list.isPending && rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX aria-hidden="true" />}
            title={props.noMatches}
            text={t('records.list.noMatchesText')}
          />
        ) : (
          <EmptyState title={props.emptyTitle} text={props.emptyText} action={createAction} />
        )
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            caption={props.title}
            sort={sort}
            onSort={(field, direction) =>
              update({
                sort: field,
                direction:
                  direction ?? (params.sort === field && params.direction === 'asc' ? 'desc' : 'asc'),
              })
            }
            loading={list.isPending}
            skeletonRows={Math.min(params.per_page, 8)}
            onRowOpen={(row) => navigate(`/${props.resource}/${row.id}`)}
            mobileLabels={{
              sortBy: t('records.list.sortBy'),
              ascending: t('records.list.ascending'),
              descending: t('records.list.descending'),
              unsorted: t('records.list.defaultOrder'),
            }}
          />
          {meta && (
            <ListPagination
              meta={meta}
              perPage={params.per_page}
              onPage={(page) => update({ page })}
              onPerPage={view.choosePerPage((per_page) => update({ per_page }))}
            />
          )}
        </>
      )}
    </>
  );
}
