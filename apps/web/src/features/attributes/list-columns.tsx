import { useState } from 'react';
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

const storageKey = (type: string) => `storekeep:hidden-attribute-columns:${type}`;

/** Which attribute columns a list shows: all by default; hidden ones are remembered per record type in this browser. */
export function useVisibleAttributeColumns(type: string, definitions: Attribute[]) {
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey(type)) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const visible = definitions.filter((d) => !hidden.includes(d.key));
  const setVisible = (keys: string[]) => {
    const next = definitions.map((d) => d.key).filter((key) => !keys.includes(key));
    setHidden(next);
    localStorage.setItem(storageKey(type), JSON.stringify(next));
  };
  return { visible, setVisible };
}

/** Columns for the visible attributes; sortable ones sort by `attr.<key>` on the server. */
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

/** "Columns": which team-defined attributes the list shows. */
export function AttributeColumnPicker({
  definitions,
  visible,
  onChange,
}: {
  definitions: Attribute[];
  visible: Attribute[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const labels = usePickerLabels();
  if (!definitions.length) return null;
  return (
    <FilterPicker
      label={t('attributes.columns')}
      options={definitions.map((d) => ({ value: d.key, label: d.label }))}
      selected={visible.map((d) => d.key)}
      onChange={onChange}
      labels={labels}
    />
  );
}
