import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { RecordType } from '@storekeep/contracts';
import { Card, DataTable } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { useListColumns } from './columns';
import { useRecordList } from './queries';
import { recordPath } from './types';

/** Which related lists a record shows, as list calls with a filter (docs/API.md, Records). */
export const RELATED: Partial<Record<RecordType, Array<{ type: RecordType; filter: string }>>> = {
  companies: [
    { type: 'brands', filter: 'company_id' },
    { type: 'stores', filter: 'company_id' },
    { type: 'contacts', filter: 'company_id' },
  ],
  brands: [{ type: 'stores', filter: 'brand_id' }],
  stores: [{ type: 'contacts', filter: 'store_id' }],
};

const RELATED_PAGE = 10;

function RelatedList({ type, filter, id }: { type: RecordType; filter: string; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filters = { [filter]: [String(id)] };
  const list = useRecordList(type, { page: 1, per_page: RELATED_PAGE, filters });
  // The record itself is the filter: its own column (a company's brands' "Company") would only repeat it.
  const columns = useListColumns(type)
    .filter((column) => column.key !== filter.replace(/_id$/, ''))
    .slice(0, 3);
  const total = list.data?.meta.total ?? 0;
  const title = t(`nav.${type}`);
  return (
    <Card
      title={
        <span className="flex items-center justify-between gap-3">
          <span>
            {title} {list.data && <span className="font-normal text-gray-500">({formatCount(total)})</span>}
          </span>
          {total > RELATED_PAGE && (
            <Link
              to={`/${type}?${filter}=${id}`}
              className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              {t('records.related.viewAll', { count: total })}
            </Link>
          )}
        </span>
      }
    >
      {!list.isPending && total === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {t('records.related.none', { type: title.toLowerCase() })}
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(row) => row.id}
          caption={title}
          loading={list.isPending}
          skeletonRows={3}
          onRowOpen={(row) => navigate(recordPath(type, row.id))}
        />
      )}
    </Card>
  );
}

export function RelatedPanel({ type, id }: { type: RecordType; id: number }) {
  return (
    <div className="flex flex-col gap-6">
      {(RELATED[type] ?? []).map((related) => (
        <RelatedList key={related.type} type={related.type} filter={related.filter} id={id} />
      ))}
    </div>
  );
}
