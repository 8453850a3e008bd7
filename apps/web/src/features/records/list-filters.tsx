import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_FILTERS, type RecordType } from '@storekeep/contracts';
import { FilterPicker } from '../../components/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { recordQuery, useRecordList } from './queries';
import { recordTitle } from './types';
import { opensRecordPage } from '../auth/record-pages';
import { useRequiredUser } from '../auth/use-auth-user';

/** Which record list feeds an `ids` filter. */
export const FILTER_SOURCES: Record<string, RecordType> = {
  company_id: 'companies',
  brand_id: 'brands',
  store_id: 'stores',
};

type FilterSpec = { type: 'enum' | 'ids' | 'text'; values?: readonly string[] };

export function usePickerLabels() {
  const { t } = useTranslation();
  return {
    search: t('records.list.searchOptions'),
    clear: t('records.list.clearFilter'),
    none: t('records.list.noOptions'),
    selected: (count: number) => t('records.list.selectedCount', { count }),
  };
}

type IdFilterProps = {
  field: string;
  label: string;
  selected: string[];
  onChange: (values: string[]) => void;
};

/** A filter by related records; none where the user may not list them (a franchisee's member: companies, brands). */
export function IdFilter(props: IdFilterProps) {
  const user = useRequiredUser();
  if (!opensRecordPage(user, FILTER_SOURCES[props.field] ?? 'companies')) return null;
  return <IdPicker {...props} />;
}

function IdPicker({ field, label, selected, onChange }: IdFilterProps) {
  const source = FILTER_SOURCES[field] ?? 'companies';
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 250);
  const options = useRecordList(source, { search, per_page: 10 });
  // Names of selected ids that the current search did not return (e.g. from a shared link).
  const details = useQueries({
    queries: selected.map((id) => ({
      ...recordQuery(source, Number(id)),
      meta: { silent: true },
      throwOnError: false,
    })),
  });
  const selectedLabels: Record<string, string> = {};
  details.forEach((detail, index) => {
    if (detail.data) selectedLabels[selected[index]!] = recordTitle(detail.data);
  });
  return (
    <FilterPicker
      label={label}
      options={(options.data?.data ?? []).map((record) => ({
        value: String(record.id),
        label: recordTitle(record),
      }))}
      selected={selected}
      selectedLabels={selectedLabels}
      onChange={onChange}
      onQuery={setQuery}
      loading={options.isFetching}
      labels={usePickerLabels()}
    />
  );
}

/**
 * A date filter with its name shown beside the field, the same height and ring as the pickers beside it:
 * a bare date field reads only as "mm/dd/yyyy", which says nothing about what it filters.
 */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (values: string[]) => void;
}) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 rounded-md bg-white px-3 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset focus-within:ring-2 focus-within:ring-blue-600 sm:min-h-10 dark:bg-gray-900 dark:text-gray-200 dark:ring-gray-700">
      {label}
      <input
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}
        className="min-w-0 border-0 bg-transparent p-0 text-sm text-gray-900 focus:ring-0 focus:outline-none dark:text-gray-100"
      />
    </label>
  );
}

type ListFiltersProps = {
  type: RecordType;
  filters: Record<string, string[]>;
  onChange: (field: string, values: string[]) => void;
  /** False leaves out filters by another record (brand, company): a franchisee's member cannot list those. */
  related?: boolean;
};

/** One picker per LIST_FILTERS field of the type (text filters stay URL-only). */
export function ListFilters({ type, filters, onChange, related = true }: ListFiltersProps) {
  const { t } = useTranslation();
  const labels = usePickerLabels();
  const specs = LIST_FILTERS[type] as Record<string, FilterSpec>;
  return (
    <>
      {Object.entries(specs).map(([field, spec]) => {
        const label = t(`records.filters.${type}.${field}`, { defaultValue: t(`records.fields.${field}`) });
        const selected = filters[field] ?? [];
        if (spec.type === 'enum')
          return (
            <FilterPicker
              key={field}
              label={label}
              options={(spec.values ?? []).map((value) => ({
                value,
                label: t(`records.${field === 'kind' ? 'kinds' : 'statuses'}.${value}`),
              }))}
              selected={selected}
              onChange={(values) => onChange(field, values)}
              labels={labels}
            />
          );
        if (spec.type === 'ids' && related)
          return (
            <IdFilter
              key={field}
              field={field}
              label={label}
              selected={selected}
              onChange={(values) => onChange(field, values)}
            />
          );
        return null;
      })}
    </>
  );
}
