import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import clsx from 'clsx';
import { Check, ChevronDown, X } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from './spinner';

export type PickerOption = { value: string; label: string };

type FilterPickerProps = {
  label: string;
  /** Options to show for the current query (already filtered when the caller searches remotely). */
  options: PickerOption[];
  selected: string[];
  /** Labels of selected values that may not be among `options`. */
  selectedLabels?: Record<string, string>;
  onChange: (values: string[]) => void;
  /** Remote search: the caller refetches options for the query. Without it options filter locally. */
  onQuery?: (query: string) => void;
  loading?: boolean;
  /** Whether the button shows as applied (badge, colour); by default when anything is selected. */
  active?: boolean;
  /** What the clear button sets (a column picker's "show all"); by default nothing selected. */
  clearValues?: string[];
  labels: { search: string; clear: string; none: string; selected: (count: number) => string };
};

/** A multi-select filter: a button that opens a searchable list of checkable options (Headless UI). */
export function FilterPicker({
  label,
  options,
  selected,
  selectedLabels = {},
  onChange,
  onQuery,
  loading,
  active,
  clearValues = [],
  labels,
}: FilterPickerProps) {
  const [query, setQuery] = useState('');
  const shown = onQuery
    ? options
    : options.filter((option) => option.label.toLowerCase().includes(query.trim().toLowerCase()));
  // Selected values stay listed (first) even when the current search does not return them.
  const extra = selected
    .filter((value) => !shown.some((option) => option.value === value))
    .map((value) => ({
      value,
      label: selectedLabels[value] ?? options.find((option) => option.value === value)?.label ?? `#${value}`,
    }));
  const list = [...extra, ...shown];
  const count = selected.length;
  const applied = active ?? count > 0;

  return (
    <Popover className="relative">
      <PopoverButton
        className={clsx(
          'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:min-h-10',
          applied
            ? 'bg-blue-50 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800'
            : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-200 dark:ring-gray-700',
        )}
      >
        {label}
        {applied && count > 0 && (
          <span
            className="rounded-full bg-blue-600 px-1.5 text-xs text-white"
            aria-label={labels.selected(count)}
          >
            {count}
          </span>
        )}
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-40 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md bg-white p-2 shadow-lg ring-1 ring-gray-900/10 [--anchor-gap:4px] dark:bg-gray-900 dark:ring-white/10"
      >
        <Combobox multiple immediate value={selected} onChange={(values: string[]) => onChange(values)}>
          <div className="relative">
            <ComboboxInput
              aria-label={`${labels.search} ${label}`}
              autoFocus
              placeholder={labels.search}
              onChange={(event) => {
                setQuery(event.target.value);
                onQuery?.(event.target.value);
              }}
              className="block min-h-11 w-full rounded-md border-0 px-3 py-1.5 text-base text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-blue-600 focus:outline-none sm:min-h-9 sm:text-sm dark:bg-gray-950 dark:text-gray-100 dark:ring-gray-700"
            />
            {loading && <Spinner className="absolute inset-y-0 right-2 my-auto size-4 text-gray-400" />}
          </div>
          <ComboboxOptions static className="mt-2 max-h-64 overflow-y-auto">
            {list.length === 0 && <p className="px-2 py-3 text-sm text-gray-500">{labels.none}</p>}
            {list.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option.value}
                className="group flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 text-sm text-gray-800 data-focus:bg-blue-50 sm:min-h-9 dark:text-gray-200 dark:data-focus:bg-gray-800"
              >
                <span
                  className="flex size-4 shrink-0 items-center justify-center rounded border border-gray-300 group-data-selected:border-blue-600 group-data-selected:bg-blue-600 dark:border-gray-600"
                  aria-hidden="true"
                >
                  <Check className="invisible size-3 text-white group-data-selected:visible" />
                </span>
                <span className="truncate">{option.label}</span>
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </Combobox>
        {applied && (
          <button
            type="button"
            onClick={() => onChange(clearValues)}
            className="mt-2 inline-flex min-h-11 w-full items-center justify-center gap-1 rounded-md text-sm font-medium text-gray-600 hover:bg-gray-100 sm:min-h-8 dark:text-gray-300 dark:hover:bg-gray-800"
          >
            <X className="size-4" aria-hidden="true" />
            {labels.clear}
          </button>
        )}
      </PopoverPanel>
    </Popover>
  );
}
