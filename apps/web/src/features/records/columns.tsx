import { useTranslation } from 'react-i18next';
import type { Brand, Company, Contact, RecordType, Store } from '@storekeep/contracts';
import { RelativeTime, type DataColumn } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { percentText } from '../occupancy/queries';
import { cityLine, KindBadge, PhoneLink, RecordAvatar, RefLink, StatusBadge } from './display';
import { recordTitle, type RecordMap } from './types';

const dash = <span className="text-gray-400">—</span>;
const orDash = (value: string | null | undefined) => (value ? value : dash);

function NameCell({
  type,
  record,
  sub,
}: {
  type: RecordType;
  record: RecordMap[RecordType];
  sub?: string | null;
}) {
  const title = recordTitle(record);
  return (
    <div className="flex min-w-40 items-center gap-3">
      <RecordAvatar type={type} name={title} image={record.image} />
      <div className="min-w-0">
        <p className="truncate font-medium text-gray-900 dark:text-white">{title}</p>
        {sub && <p className="truncate text-xs text-gray-500 dark:text-gray-400">{sub}</p>}
      </div>
    </div>
  );
}

/** The columns of each list; a column's sortField is always one of LIST_SORTS[type]. */
export function useListColumns<K extends RecordType>(type: K): DataColumn<RecordMap[K]>[] {
  const { t } = useTranslation();
  const created = {
    key: 'created_at',
    header: t('records.fields.created_at'),
    sortField: 'created_at',
    hideOnMobile: true,
    className: 'whitespace-nowrap',
  };
  switch (type) {
    case 'companies':
      return [
        {
          key: 'name',
          header: t('records.fields.name'),
          sortField: 'name',
          cell: (c: Company) => <NameCell type="companies" record={c} sub={c.legal_name} />,
        },
        {
          key: 'kind',
          header: t('records.fields.kind'),
          sortField: 'kind',
          cell: (c: Company) => <KindBadge kind={c.kind} />,
        },
        {
          key: 'city',
          header: t('records.fields.city'),
          sortField: 'city',
          cell: (c: Company) => orDash(cityLine(c)),
          className: 'whitespace-nowrap',
        },
        {
          key: 'phone',
          header: t('records.fields.phone'),
          cell: (c: Company) => <PhoneLink value={c.phone} />,
          hideOnMobile: true,
        },
        { ...created, cell: (c: Company) => <RelativeTime value={c.created_at} /> },
      ] as DataColumn<RecordMap[K]>[];
    case 'brands':
      return [
        {
          key: 'name',
          header: t('records.fields.name'),
          sortField: 'name',
          cell: (b: Brand) => <NameCell type="brands" record={b} />,
        },
        {
          key: 'company',
          header: t('records.fields.company'),
          cell: (b: Brand) => <RefLink type="companies" value={b.company} />,
        },
        {
          key: 'website',
          header: t('records.fields.website'),
          cell: (b: Brand) => orDash(b.website),
          hideOnMobile: true,
        },
        { ...created, cell: (b: Brand) => <RelativeTime value={b.created_at} /> },
      ] as DataColumn<RecordMap[K]>[];
    case 'stores':
      return [
        {
          key: 'name',
          header: t('records.fields.name'),
          sortField: 'name',
          cell: (s: Store) => <NameCell type="stores" record={s} sub={s.brand?.name} />,
        },
        {
          key: 'store_number',
          header: t('records.fields.store_number_short'),
          sortField: 'store_number',
          cell: (s: Store) => orDash(s.store_number),
          className: 'whitespace-nowrap',
        },
        {
          key: 'status',
          header: t('records.fields.status'),
          sortField: 'status',
          cell: (s: Store) => <StatusBadge status={s.status} />,
        },
        {
          key: 'company',
          header: t('records.fields.operating_company'),
          cell: (s: Store) => <RefLink type="companies" value={s.company} />,
          hideOnMobile: true,
        },
        {
          key: 'city',
          header: t('records.fields.city'),
          sortField: 'city',
          cell: (s: Store) => orDash(cityLine(s)),
          className: 'whitespace-nowrap',
        },
        {
          key: 'opening_date',
          header: t('records.fields.opening_date'),
          sortField: 'opening_date',
          cell: (s: Store) => orDash(formatDay(s.opening_date)),
          hideOnMobile: true,
          className: 'whitespace-nowrap',
        },
        {
          key: 'occupancy_ratio',
          header: t('occupancy.column'),
          sortField: 'occupancy_ratio',
          cell: (s: Store) =>
            s.occupancy_ratio !== null
              ? t('occupancy.percent', { value: percentText(s.occupancy_ratio) })
              : s.occupancy_incomplete
                ? t('occupancy.incomplete')
                : dash,
          hideOnMobile: true,
          className: 'whitespace-nowrap',
        },
      ] as DataColumn<RecordMap[K]>[];
    default:
      return [
        {
          key: 'name',
          header: t('records.fields.name'),
          sortField: 'last_name',
          cell: (c: Contact) => <NameCell type="contacts" record={c} sub={c.job_title} />,
        },
        {
          key: 'company',
          header: t('records.fields.company'),
          cell: (c: Contact) => <RefLink type="companies" value={c.company} />,
        },
        {
          key: 'email',
          header: t('records.fields.email'),
          sortField: 'email',
          cell: (c: Contact) => orDash(c.email),
          hideOnMobile: true,
        },
        {
          key: 'phone',
          header: t('records.fields.phone'),
          cell: (c: Contact) => <PhoneLink value={c.phone ?? c.mobile} />,
          hideOnMobile: true,
        },
        { ...created, cell: (c: Contact) => <RelativeTime value={c.created_at} /> },
      ] as DataColumn<RecordMap[K]>[];
  }
}
