import { useTranslation } from 'react-i18next';
import {
  FILTERABLE_ATTRIBUTE_TYPES,
  SORTABLE_ATTRIBUTE_TYPES,
  type Attribute,
  type AttributeValue,
} from '@storekeep/contracts';
import { FilterPicker, type DataColumn } from '../../components/ui';
import { AttributeValueView } from './attribute-facts';

type WithAttributes = { attributes?: Record<string, AttributeValue> };

/** Columns for the team's attributes (`attr.<key>`); sortable ones sort by that field on the server. */
export function attributeColumns<T extends WithAttributes>(definitions: Attribute[]): DataColumn<T>[] {
  return definitions.map((d) => ({
    key: `attr.${d.key}`,
    header: d.label,
    sortField: SORTABLE_ATTRIBUTE_TYPES.includes(d.type) ? `attr.${d.key}` : undefined,
    hideOnMobile: true,
    className: d.type === 'long_text' ? 'max-w-64 truncate' : 'whitespace-nowrap',
    cell: (row: T) => {
      const value = row.attributes?.[d.key];
      const empty =
        value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
      return empty ? (
        <span className="text-gray-400">—</span>
      ) : (
        <AttributeValueView definition={d} value={value} />
      );
    },
  }));
}

function usePickerLabels() {
  const { t } = useTranslation();
  return {
    search: t('records.list.searchOptions'),
    clear: t('records.list.clearFilter'),
    none: t('records.list.noOptions'),
    selected: (count: number) => t('records.list.selectedCount', { count }),
  };
}

type FiltersProps = {
  definitions: Attribute[];
  filters: Record<string, string[]>;
  onChange: (field: string, values: string[]) => void;
};

/** Pickers for option and yes/no attributes (`filters[attr.<key>]`); other types filter through the URL. */
export function AttributeListFilters({ definitions, filters, onChange }: FiltersProps) {
  const { t } = useTranslation();
  const labels = usePickerLabels();
  return (
    <>
      {definitions
        .filter(
          (d) =>
            FILTERABLE_ATTRIBUTE_TYPES.includes(d.type) &&
            ['select', 'multi_select', 'boolean'].includes(d.type),
        )
        .map((d) => {
          const field = `attr.${d.key}`;
          const options =
            d.type === 'boolean'
              ? [
                  { value: 'true', label: t('attributes.yes') },
                  { value: 'false', label: t('attributes.no') },
                ]
              : d.options.map((o) => ({ value: o, label: o }));
          return (
            <FilterPicker
              key={field}
              label={d.label}
              options={options}
              selected={filters[field] ?? []}
              onChange={(values) => onChange(field, values)}
              labels={labels}
            />
          );
        })}
    </>
  );
}
