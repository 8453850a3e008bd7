import { FileText, Link2, Search, SearchX, Share2, Tags, Trash2, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LINKABLE_TYPES, SCOPED_LINK_TYPES, type DocumentDto } from '@storekeep/contracts';
import {
  Button,
  buttonClasses,
  ConfirmDialog,
  DataTable,
  EmptyState,
  FilterPicker,
  PageHeader,
  type SortState,
} from '../../components/ui';
import { useSearchCommit } from '../../lib/use-search-commit';
import { attributeColumns, AttributeListFilters } from '../attributes/list-columns';
import { ColumnPicker } from '../list-preferences/column-picker';
import { useListView, visibleColumns } from '../list-preferences/use-list-view';
import { useAttributes } from '../attributes/queries';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { DateFilter, usePickerLabels } from '../records/list-filters';
import { ExportLinks } from '../records/export-links';
import { listParamsToSearch, toApiQuery, type ListParams } from '../records/list-params';
import { useTeam } from '../teams/use-team';
import { CategoryDialog, deleteDocuments, LinkDialog, shareDocuments } from './actions';
import { useDocumentColumns } from './columns';
import { DocumentDrawer, useDocumentParam } from './drawer';
import { parseDocumentParams } from './list-params';
import { useDocumentCategories, useDocumentList } from './queries';
import { DropZone, ShareUploadsCheckbox, UploadFilesButton, UploadList, useUploadQueue } from './upload';
import { FilterBar } from '../records/filter-bar';
import { ListPagination } from '../records/list-pagination';
import { ListLoadError } from '../errors/list-load-error';

const searchInputClasses =
  'block min-h-11 w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-base text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-blue-600 focus:outline-none sm:min-h-10 sm:text-sm dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700';

type FiltersProps = {
  params: ListParams;
  rows: DocumentDto[];
  onChange: (field: string, values: string[]) => void;
  /** False for a franchisee's member: the team's categories and members are not theirs to list. */
  wholeTeam: boolean;
};

/** Category, tag, linked record type, expiring before and uploaded by (the team's members). */
function DocumentFilters({ params, rows, onChange, wholeTeam }: FiltersProps) {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const labels = usePickerLabels();
  const categories = useDocumentCategories(wholeTeam);
  const team = useTeam(user.team_id ?? 0, wholeTeam);
  const [tagQuery, setTagQuery] = useState('');
  const typed = tagQuery.trim().toLowerCase();
  // Tags have no list of their own: what the visible documents carry, plus the tag being typed.
  const seenTags = [...new Set(rows.flatMap((row) => row.tags))].filter((tag) => tag.includes(typed)).sort();
  const tagOptions = [...(typed && !seenTags.includes(typed) ? [typed] : []), ...seenTags].map((tag) => ({
    value: tag,
    label: tag,
  }));
  const filters = params.filters;
  return (
    <>
      {wholeTeam && (
        <FilterPicker
          label={t('documents.filters.category')}
          options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          selected={filters.category ?? []}
          onChange={(values) => onChange('category', values)}
          loading={categories.isFetching}
          labels={labels}
        />
      )}
      <FilterPicker
        label={t('documents.filters.tag')}
        options={tagOptions}
        selected={filters.tag ?? []}
        onChange={(values) => onChange('tag', values)}
        onQuery={setTagQuery}
        labels={labels}
      />
      <FilterPicker
        label={t('documents.filters.linked_type')}
        options={(wholeTeam ? LINKABLE_TYPES : SCOPED_LINK_TYPES).map((type) => ({
          value: type,
          label: t(`documents.recordTypes.${type}`),
        }))}
        selected={filters.linked_type ?? []}
        onChange={(values) => onChange('linked_type', values)}
        labels={labels}
      />
      {wholeTeam && (
        <FilterPicker
          label={t('documents.filters.uploaded_by')}
          options={(team.data?.members ?? []).map((member) => ({
            value: String(member.id),
            label: member.name,
          }))}
          selected={filters.uploaded_by ?? []}
          onChange={(values) => onChange('uploaded_by', values)}
          loading={team.isFetching}
          labels={labels}
        />
      )}
      <DateFilter
        label={t('documents.filters.expiring_before')}
        value={filters.expiring_before?.[0]}
        onChange={(values) => onChange('expiring_before', values)}
      />
    </>
  );
}

/**
 * /documents: the team's files with search, filters, sort and paging in the URL, uploads and bulk actions.
 * A franchisee's member sees the documents shared with them (the server's rule), to read and download.
 */
export function DocumentListPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const manage = can(user, 'records.write');
  // The team's attributes, categories, members and the export are the franchisor's (decision 0023).
  const wholeTeam = can(user, 'team.browse');
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(() => parseDocumentParams(searchParams), [searchParams]);
  const view = useListView('documents', searchParams, parsed);
  const params = view.params;
  const [searchText, setSearchText] = useState(params.search);
  const list = useDocumentList(params, view.ready);
  const attributes = useAttributes('documents', false, wholeTeam);
  const definitions = attributes.data ?? [];
  const allColumns = [...useDocumentColumns(), ...attributeColumns<DocumentDto>(definitions)];
  const columns = visibleColumns(allColumns, view.hidden);
  const drawer = useDocumentParam();
  const uploads = useUploadQueue('/documents');

  const update = (changes: Partial<ListParams>, resetPage = true) => {
    const next = { ...params, ...changes, ...(resetPage && !('page' in changes) ? { page: 1 } : {}) };
    const query = listParamsToSearch(next);
    const open = searchParams.get('document');
    if (open) query.set('document', open);
    setSearchParams(query, { replace: !('page' in changes) });
  };

  useSearchCommit(searchText, params.search, (search) => update({ search }));
  const [syncedSearch, setSyncedSearch] = useState(params.search);
  if (syncedSearch !== params.search) {
    setSyncedSearch(params.search);
    if (searchText.trim() !== params.search) setSearchText(params.search);
  }

  // Selection belongs to one page of one query; any change of the list state starts it afresh.
  const selectionKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; rows: Map<number, DocumentDto> }>({
    key: selectionKey,
    rows: new Map(),
  });
  const selected = selection.key === selectionKey ? selection.rows : new Map<number, DocumentDto>();
  const setSelected = (rows: Map<number, DocumentDto>) => setSelection({ key: selectionKey, rows });
  const selectedDocs = [...selected.values()];
  const [dialog, setDialog] = useState<'link' | 'category' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);

  const sort: SortState = { field: params.sort, direction: params.direction };
  const onSort = (field: string, direction?: 'asc' | 'desc') =>
    update({
      sort: field,
      direction: direction ?? (params.sort === field && params.direction === 'asc' ? 'desc' : 'asc'),
    });
  const filtered = Boolean(params.search) || Object.keys(params.filters).length > 0;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const title = t('nav.documents');

  const confirmDelete = async () => {
    setDeleting(true);
    await deleteDocuments(selectedDocs);
    setDeleting(false);
    setDialog(null);
    setSelected(new Map());
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {wholeTeam && (
              <ExportLinks
                resource="documents"
                query={{
                  ...toApiQuery({ ...params, page: undefined, per_page: undefined }),
                  attributes: view.exportAttributes(definitions),
                }}
              />
            )}
            {manage && (
              <Link to="/import/documents" className={buttonClasses('white')}>
                <Upload className="size-4" aria-hidden="true" />
                {t('imports.title')}
              </Link>
            )}
            {manage && <UploadFilesButton onFiles={uploads.add} />}
          </>
        }
      />
      {manage && (
        <div className="mb-6">
          <DropZone onFiles={uploads.add} />
          <ShareUploadsCheckbox shared={uploads.shared} setShared={uploads.setShared} />
          <UploadList {...uploads} />
        </div>
      )}
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start">
        <div className="relative w-full lg:max-w-xs">
          <label htmlFor="documents-search" className="sr-only">
            {t('documents.list.searchLabel')}
          </label>
          <Search
            className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-gray-400"
            aria-hidden="true"
          />
          <input
            id="documents-search"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('documents.list.searchPlaceholder')}
            className={searchInputClasses}
          />
        </div>
        <FilterBar
          filtered={filtered}
          onClear={() => {
            setSearchText('');
            update({ search: '', filters: {} });
          }}
        >
          <DocumentFilters
            params={params}
            rows={rows}
            onChange={(field, values) => update({ filters: { ...params.filters, [field]: values } })}
            wholeTeam={wholeTeam}
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

      {manage && selected.size > 0 && (
        <div
          role="region"
          aria-label={t('documents.bulk.label')}
          className="sticky top-2 z-20 mb-3 flex flex-col gap-2 rounded-lg bg-blue-50 px-4 py-2 ring-1 ring-blue-200 sm:flex-row sm:items-center sm:justify-between dark:bg-blue-950 dark:ring-blue-900"
        >
          <p className="text-sm font-medium text-blue-900 dark:text-blue-100" aria-live="polite">
            {t('documents.bulk.selected', { count: selected.size })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              color="white"
              icon={<Link2 className="size-4" aria-hidden="true" />}
              onClick={() => setDialog('link')}
            >
              {t('documents.link.open')}
            </Button>
            <Button
              size="sm"
              color="white"
              icon={<Tags className="size-4" aria-hidden="true" />}
              onClick={() => setDialog('category')}
            >
              {t('documents.category.open')}
            </Button>
            <Button
              size="sm"
              color="white"
              icon={<Share2 className="size-4" aria-hidden="true" />}
              onClick={() => void shareDocuments(selectedDocs, true)}
            >
              {t('documents.sharing.share')}
            </Button>
            <Button size="sm" color="white" onClick={() => void shareDocuments(selectedDocs, false)}>
              {t('documents.sharing.unshare')}
            </Button>
            <Button
              size="sm"
              color="white"
              className="text-red-600 dark:text-red-400"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() => setDialog('delete')}
            >
              {t('common.delete')}
            </Button>
            <Button size="sm" color="transparent" onClick={() => setSelected(new Map())}>
              {t('documents.bulk.clear')}
            </Button>
          </div>
        </div>
      )}

      {list.isError && !list.data ? (
        <ListLoadError query={list} />
      ) : !list.isPending && rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX aria-hidden="true" />}
            title={t('documents.list.noMatches')}
            text={t('records.list.noMatchesText')}
          />
        ) : (
          <EmptyState
            icon={<FileText aria-hidden="true" />}
            title={t('documents.list.empty')}
            text={t(
              manage
                ? 'documents.list.emptyText'
                : wholeTeam
                  ? 'documents.list.emptyTextObserver'
                  : 'documents.list.emptyTextShared',
            )}
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
            onRowOpen={(row) => drawer.open(row.id)}
            rowLabel={(row) => row.title}
            mobileLabels={{
              sortBy: t('records.list.sortBy'),
              ascending: t('records.list.ascending'),
              descending: t('records.list.descending'),
              unsorted: t('documents.list.newestFirst'),
            }}
            selection={
              manage
                ? {
                    isSelected: (row) => selected.has(row.id),
                    onToggle: (row) => {
                      const next = new Map(selected);
                      if (next.has(row.id)) next.delete(row.id);
                      else next.set(row.id, row);
                      setSelected(next);
                    },
                    onToggleAll: (select) =>
                      setSelected(select ? new Map(rows.map((row) => [row.id, row])) : new Map()),
                    label: (row) => t('documents.bulk.select', { title: row.title }),
                    allLabel: t('documents.bulk.selectAll'),
                  }
                : undefined
            }
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

      {/* The bulk bar opens these, for those who may change documents (a franchisee's member may not, and
          the categories they list are the franchisor's). */}
      {manage && (
        <>
          <LinkDialog
            open={dialog === 'link'}
            onClose={() => setDialog(null)}
            documents={selectedDocs}
            onDone={() => setSelected(new Map())}
          />
          <CategoryDialog
            open={dialog === 'category'}
            onClose={() => setDialog(null)}
            documents={selectedDocs}
            onDone={() => setSelected(new Map())}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            title={
              selectedDocs.length === 1
                ? t('documents.deleteTitle', { title: selectedDocs[0]!.title })
                : t('documents.bulk.deleteTitle', { count: selectedDocs.length })
            }
            message={t('documents.deleteText')}
            confirmLabel={t('common.delete')}
            cancelLabel={t('common.cancel')}
            loading={deleting}
            onClose={() => setDialog(null)}
            onConfirm={() => void confirmDelete()}
          />
        </>
      )}
      <DocumentDrawer />
    </>
  );
}
