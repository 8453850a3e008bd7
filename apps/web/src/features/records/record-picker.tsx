import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ChevronsUpDown, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIST_CACHE_MS,
  type AgreementListItem,
  type Company,
  type LeaseListItem,
  type LinkableType,
  type RecordRef,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { controlClasses, ErrorIcon, FormField, Spinner } from '../../components/ui';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { toApiQuery } from './list-params';
import { invalidateRecords } from './queries';
import { recordTitle, type AnyRecord, type Paginated } from './types';

type Option = NonNullable<RecordRef> & { create?: true };

type RecordPickerProps = {
  /** A record type, or leases and agreements (documents link to those too). */
  type: LinkableType;
  label: string;
  value: RecordRef;
  onChange: (value: RecordRef) => void;
  onBlur?: () => void;
  error?: string;
  /** Company pickers offer "Create “X”": POST /companies with just the name, then select it. */
  allowCreate?: boolean;
  name?: string;
  required?: boolean;
};

type PickerRow = AnyRecord | LeaseListItem | AgreementListItem;

/**
 * Leases and agreements have no name: their reference and what they are about stand in for it. The row's type is
 * the picker's `type` (the list it came from), not guessed from which fields the row happens to carry.
 */
function pickerTitle(type: LinkableType, row: PickerRow): string {
  if (type === 'leases') {
    const lease = row as LeaseListItem;
    return `${lease.reference ?? `#${lease.id}`} — ${lease.store?.name ?? ''}`;
  }
  if (type === 'agreements') {
    const agreement = row as AgreementListItem;
    return `${agreement.agreement_number ?? `#${agreement.id}`} — ${agreement.brand?.name ?? ''}`;
  }
  return recordTitle(row as AnyRecord);
}

/** A searchable picker of a related record: the list API with `search` and per_page=10 (Headless UI Combobox). */
export function RecordPicker({
  type,
  label,
  value,
  onChange,
  onBlur,
  error,
  allowCreate,
  name,
  required,
}: RecordPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 250);
  const params = { search, per_page: 10 };
  const list = useQuery({
    queryKey: queryKeys.list(type, params),
    queryFn: ({ signal }) => api.get<Paginated<PickerRow>>(`/${type}`, { query: toApiQuery(params), signal }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: (companyName: string) =>
      api.post<{ data: Company }>('/companies', { name: companyName }).then((body) => body.data),
    onSuccess: (company) => {
      void invalidateRecords();
      onChange({ id: company.id, name: company.name });
    },
  });

  const options: Option[] = (list.data?.data ?? []).map((row) => ({
    id: row.id,
    name: pickerTitle(type, row),
  }));
  const typed = query.trim();
  const exact = options.some((option) => option.name.toLowerCase() === typed.toLowerCase());
  if (allowCreate && typed && !exact && search === typed) options.push({ id: -1, name: typed, create: true });

  return (
    <FormField id={id} label={label} error={error} required={required}>
      {(a11y) => (
        <Combobox
          value={value}
          by="id"
          onChange={(next: Option | null) => {
            setQuery('');
            if (next?.create) create.mutate(next.name);
            else onChange(next ? { id: next.id, name: next.name } : null);
          }}
          onClose={() => setQuery('')}
          immediate
        >
          <div className="relative">
            <ComboboxInput
              {...a11y}
              name={name}
              aria-required={required || undefined}
              autoComplete="off"
              className={controlClasses(Boolean(error), 'pr-16')}
              displayValue={(option: Option | null) => option?.name ?? ''}
              onChange={(event) => setQuery(event.target.value)}
              onBlur={onBlur}
              placeholder={t('records.picker.placeholder')}
            />
            {error && <ErrorIcon />}
            <div className="absolute inset-y-0 right-0 flex items-center pr-1">
              {(list.isFetching || create.isPending) && <Spinner className="mr-1 size-4 text-gray-400" />}
              {value && (
                <button
                  type="button"
                  onClick={() => onChange(null)}
                  className="inline-flex size-8 items-center justify-center rounded text-gray-400 hover:text-gray-700"
                  aria-label={t('records.picker.clear', { label })}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
              {!error && (
                <ComboboxButton
                  className="inline-flex size-8 items-center justify-center rounded text-gray-400 hover:text-gray-700"
                  aria-label={t('records.picker.show', { label })}
                >
                  <ChevronsUpDown className="size-4" aria-hidden="true" />
                </ComboboxButton>
              )}
            </div>
          </div>
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 max-h-64 w-(--input-width) overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-900/10 [--anchor-gap:4px] empty:invisible dark:bg-gray-900 dark:ring-white/10"
          >
            {options.length === 0 && !list.isFetching && (
              <div className="px-3 py-2 text-sm text-gray-500">{t('records.list.noOptions')}</div>
            )}
            {options.map((option) => (
              <ComboboxOption
                key={option.create ? 'create' : option.id}
                value={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm text-gray-800 data-focus:bg-blue-50 data-selected:font-semibold sm:min-h-9 dark:text-gray-200 dark:data-focus:bg-gray-800"
              >
                {option.create ? (
                  <>
                    <Plus className="size-4 text-blue-600" aria-hidden="true" />
                    {t('records.picker.create', { name: option.name })}
                  </>
                ) : (
                  option.name
                )}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </Combobox>
      )}
    </FormField>
  );
}
