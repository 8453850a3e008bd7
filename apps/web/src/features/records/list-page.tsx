import { Plus, Search, SearchX, Upload } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { RecordType } from '@storekeep/contracts';
import {
  Button,
  buttonClasses,
  DataTable,
  EmptyState,
  PageHeader,
  type SortState,
} from '../../components/ui';
import { useSearchCommit } from '../../lib/use-search-commit';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { attributeColumns, AttributeListFilters } from '../attributes/list-columns';
import { ColumnPicker } from '../list-preferences/column-picker';
import { useListView, visibleColumns } from '../list-preferences/use-list-view';
import { useAttributes } from '../attributes/queries';
import { useListColumns } from './columns';
import { ListFilters } from './list-filters';
import { useCreateShortcut } from '../../lib/use-create-shortcut';
import { ExportLinks } from './export-links';
import { GeocodeButton } from './geocode-button';
import { listParamsToSearch, parseListParams, toApiQuery, type ListParams } from './list-params';
import { useRecordList } from './queries';
import { recordPath } from './types';
import { FilterBar } from './filter-bar';
import { ListPagination } from './list-pagination';
import { ListLoadError } from '../errors/list-load-error';

type RecordListPageProps = {
  type: RecordType;
  /** Brands are created in a dialog rather than on a page of their own. */
  onCreate?: () => void;
  children?: ReactNode;
};

export function RecordListPage({ type, onCreate, children }: RecordListPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(() => parseListParams(type, searchParams), [type, searchParams]);
  const view = useListView(type, searchParams, parsed);
  const params = view.params;
  const [searchText, setSearchText] = useState(params.search);
  const list = useRecordList(type, params, view.ready);
  // A franchisee's member lists their own stores: not the team's own fields (its schema is the franchisor's),
  // exports or filters by brand and company, which the API refuses them.
  const wholeTeam = can(user, 'team.browse');
  const attributes = useAttributes(type, false, wholeTeam);
  const definitions = attributes.data ?? [];
  const allColumns = [...useListColumns(type), ...attributeColumns(definitions)];
  const columns = visibleColumns(allColumns, view.hidden);
  const manage = can(user, 'records.write');

  const update = (changes: Partial<ListParams>, resetPage = true) => {
    const next = { ...params, ...changes, ...(resetPage && !('page' in changes) ? { page: 1 } : {}) };
    setSearchParams(listParamsToSearch(next), { replace: !('page' in changes) });
  };

  // The search box writes to the URL once typing pauses; back/forward updates the box.
  useSearchCommit(searchText, params.search, (search) => update({ search }));
  const [syncedSearch, setSyncedSearch] = useState(params.search);
  if (syncedSearch !== params.search) {
    setSyncedSearch(params.search);
    if (searchText.trim() !== params.search) setSearchText(params.search);
  }

  const sort: SortState = { field: params.sort, direction: params.direction };
  const onSort = (field: string, direction?: 'asc' | 'desc') =>
    update({
      sort: field,
      direction: direction ?? (params.sort === field && params.direction === 'asc' ? 'desc' : 'asc'),
    });

  const filtered = Boolean(params.search) || Object.keys(params.filters).length > 0;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const title = t(`nav.${type}`);
  const createLabel = t(`records.${type}.create`);
  const exportQuery = toApiQuery({ ...params, page: undefined, per_page: undefined });

  useCreateShortcut(manage ? (onCreate ?? (() => navigate(`/${type}/create`))) : null);
  const createAction = manage ? (
    onCreate ? (
      <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={onCreate}>
        {createLabel}
      </Button>
    ) : (
      <Link to={`/${type}/create`} className={buttonClasses('blue')}>
        <Plus className="size-4" aria-hidden="true" />
        {createLabel}
      </Link>
    )
  ) : null;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {/* A franchisee's people reach the stores list alone, and export their own rows (narrowed by the server). */}
            <ExportLinks
              resource={type}
              query={{ ...exportQuery, attributes: view.exportAttributes(definitions) }}
            />
            {type === 'stores' && can(user, 'team.admin') && <GeocodeButton />}
            {manage && (
              <Link to={`/import/${type}`} className={buttonClasses('white')}>
                <Upload className="size-4" aria-hidden="true" />
                {t('imports.title')}
              </Link>
            )}
            {createAction}
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative w-full lg:max-w-xs">
          <label htmlFor={`${type}-search`} className="sr-only">
            {t('records.list.searchLabel', { type: title.toLowerCase() })}
          </label>
          <Search
            className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-gray-400"
            aria-hidden="true"
          />
          <input
            id={`${type}-search`}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('records.list.searchPlaceholder', { type: title.toLowerCase() })}
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
          <ListFilters
            type={type}
            filters={params.filters}
            onChange={(field, values) => update({ filters: { ...params.filters, [field]: values } })}
            related={wholeTeam}
          />
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
            title={t('records.list.noMatches', { type: title.toLowerCase() })}
            text={t('records.list.noMatchesText')}
          />
        ) : (
          <EmptyState
            title={t(`records.${type}.empty`)}
            text={t(`records.${type}.emptyText`)}
            action={createAction}
          />
        )
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            caption={title}
            sort={sort}
            onSort={onSort}
            loading={list.isPending}
            skeletonRows={Math.min(params.per_page, 8)}
            onRowOpen={(row) => navigate(recordPath(type, row.id))}
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
              onPage={(page) => update({ page }, false)}
              onPerPage={view.choosePerPage((per_page) => update({ per_page }))}
            />
          )}
        </>
      )}
      {children}
    </>
  );
}
