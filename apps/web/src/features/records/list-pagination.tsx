import type { PaginationMeta } from '@storekeep/contracts';
import { Pagination } from '../../components/ui';
import { PER_PAGE_OPTIONS } from './list-params';
import { usePaginationLabels } from './use-pagination-labels';

/** The "from–to of total" footer of every list page, with page numbers and the per-page choice. */
export function ListPagination({
  meta,
  perPage,
  onPage,
  onPerPage,
}: {
  meta: PaginationMeta;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const labels = usePaginationLabels();
  return (
    <Pagination
      page={meta.current_page}
      lastPage={meta.last_page}
      from={meta.from}
      to={meta.to}
      total={meta.total}
      perPage={perPage}
      perPageOptions={PER_PAGE_OPTIONS}
      onPage={onPage}
      onPerPage={onPerPage}
      labels={labels}
    />
  );
}
