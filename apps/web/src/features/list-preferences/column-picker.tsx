import { useTranslation } from 'react-i18next';
import { FilterPicker, type DataColumn } from '../../components/ui';

/**
 * "Columns": which columns a list shows, built-in and team-defined alike. The first column (the row's name)
 * is not offered: it always shows. The choice is saved as the hidden keys (see `useListView`).
 */
export function ColumnPicker<T>({
  columns,
  hidden,
  onChange,
}: {
  columns: DataColumn<T>[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const optional = columns.slice(1);
  if (!optional.length) return null;
  const options = optional.map((column) => ({
    value: column.key,
    label: typeof column.header === 'string' ? column.header : column.key,
  }));
  const shown = options.filter((option) => !hidden.includes(option.value)).map((option) => option.value);
  return (
    <FilterPicker
      label={t('records.list.columns')}
      options={options}
      selected={shown}
      // Highlighted only while something is hidden; its clear button shows every column again.
      active={shown.length < options.length}
      clearValues={options.map((option) => option.value)}
      // Keys hidden earlier that this page no longer has (an archived attribute) stay hidden.
      onChange={(shown) =>
        onChange([
          ...hidden.filter((key) => !options.some((o) => o.value === key)),
          ...options.filter((o) => !shown.includes(o.value)).map((o) => o.value),
        ])
      }
      labels={{
        search: t('records.list.searchOptions'),
        clear: t('records.list.showAllColumns'),
        none: t('records.list.noOptions'),
        selected: (count: number) => t('records.list.shownCount', { count }),
      }}
    />
  );
}
