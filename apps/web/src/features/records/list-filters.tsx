import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_FILTERS, type RecordType } from '@storekeep/contracts';
import { FilterPicker } from '../../components/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { recordQuery, useRecordList } from './queries';
import { recordTitle } from './types';

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

export function IdFilter({
  field,
  label,
  selected,
  onChange,
}: {
  field: string;
  label: string;
  selected: string[];
  onChange: (values: string[]) => void;
}) {
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

type ListFiltersProps = {
  type: RecordType;
  filters: Record<string, string[]>;
  onChange: (field: string, values: string[]) => void;
};

/** One picker per LIST_FILTERS field of the type (text filters stay URL-only). */
export function ListFilters({ type, filters, onChange }: ListFiltersProps) {
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
        if (spec.type === 'ids')
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
