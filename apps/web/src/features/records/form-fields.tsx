import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegister,
  type UseFormSetValue,
  type FieldErrors,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RecordRef, RecordType } from '@storekeep/contracts';
import { Card, TextInput } from '../../components/ui';
import { loadPlaces, parsePlace, type ParsedAddress } from '../../lib/google-places';
import { RecordPicker } from './record-picker';
import { useAppConfig } from './use-app-config';

export const ADDRESS_FIELDS = [
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
] as const;

type PickerFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  type: RecordType;
  label: string;
  initial: RecordRef;
  allowCreate?: boolean;
  required?: boolean;
};

/** A form field holding a related record's id, picked by name through RecordPicker. */
export function PickerField<T extends FieldValues>({
  control,
  name,
  type,
  label,
  initial,
  allowCreate,
  required,
}: PickerFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [selected, setSelected] = useState<RecordRef>(initial);
  const value = field.value
    ? selected && selected.id === Number(field.value)
      ? selected
      : { id: Number(field.value), name: `#${field.value}` }
    : null;
  return (
    <RecordPicker
      type={type}
      label={label}
      name={field.name}
      value={value}
      allowCreate={allowCreate}
      required={required}
      error={fieldState.error?.message}
      onBlur={field.onBlur}
      onChange={(next) => {
        setSelected(next);
        field.onChange(next ? next.id : null);
      }}
    />
  );
}

type AddressProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Fills the fields from a place picked in the address look-up (when the server has a Maps key). */
  setValue?: UseFormSetValue<T>;
  /** Also fill latitude and longitude (stores). */
  withCoordinates?: boolean;
};

/**
 * Google Places autocomplete on the first address line, when the server has a Maps key: picking a place
 * fills the address (and the coordinates of a store). Without a key, or offline, the fields stay plain.
 */
function usePlacesAutocomplete(input: HTMLInputElement | null, onPlace: (address: ParsedAddress) => void) {
  const config = useAppConfig();
  const key = config.data?.maps_api_key;
  const latest = useRef(onPlace);
  useEffect(() => {
    latest.current = onPlace;
  });
  useEffect(() => {
    if (!key || !input) return;
    let cancelled = false;
    loadPlaces(key)
      .then((places) => {
        if (cancelled) return;
        const autocomplete = new places.Autocomplete(input, {
          fields: ['address_components', 'geometry'],
          types: ['address'],
        });
        autocomplete.addListener('place_changed', () => latest.current(parsePlace(autocomplete.getPlace())));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key, input]);
}

/** The postal address, grouped in its own panel (companies, stores, contacts). */
export function AddressFields<T extends FieldValues>({
  register,
  errors,
  setValue,
  withCoordinates,
}: AddressProps<T>) {
  const { t } = useTranslation();
  const error = (field: string) => (errors[field]?.message as string | undefined) ?? undefined;
  const [line1, setLine1] = useState<HTMLInputElement | null>(null);
  const { ref: line1Ref, ...line1Field } = register('address_line1' as Path<T>);
  usePlacesAutocomplete(setValue ? line1 : null, (address) => {
    const set = (field: string, value: string | number | null) =>
      setValue?.(field as Path<T>, (value === null ? '' : String(value)) as PathValue<T, Path<T>>, {
        shouldDirty: true,
        shouldValidate: true,
      });
    for (const field of ['address_line1', 'city', 'region', 'postal_code', 'country'] as const)
      if (address[field]) set(field, address[field]);
    if (withCoordinates && address.latitude !== null) {
      set('latitude', address.latitude);
      set('longitude', address.longitude);
    }
  });
  return (
    <fieldset>
      <Card title={<legend>{t('records.form.address')}</legend>}>
        <div className="grid gap-5 sm:grid-cols-6">
          <TextInput
            containerClassName="sm:col-span-6"
            label={t('records.fields.address_line1')}
            autoComplete="address-line1"
            error={error('address_line1')}
            {...line1Field}
            ref={(element) => {
              line1Ref(element);
              setLine1(element);
            }}
          />
          <TextInput
            containerClassName="sm:col-span-6"
            label={t('records.fields.address_line2')}
            autoComplete="address-line2"
            error={error('address_line2')}
            {...register('address_line2' as Path<T>)}
          />
          <TextInput
            containerClassName="sm:col-span-2"
            label={t('records.fields.city')}
            autoComplete="address-level2"
            error={error('city')}
            {...register('city' as Path<T>)}
          />
          <TextInput
            containerClassName="sm:col-span-2"
            label={t('records.fields.region')}
            autoComplete="address-level1"
            error={error('region')}
            {...register('region' as Path<T>)}
          />
          <TextInput
            containerClassName="sm:col-span-2"
            label={t('records.fields.postal_code')}
            autoComplete="postal-code"
            error={error('postal_code')}
            {...register('postal_code' as Path<T>)}
          />
          <TextInput
            containerClassName="sm:col-span-3"
            label={t('records.fields.country')}
            autoComplete="country-name"
            error={error('country')}
            {...register('country' as Path<T>)}
          />
        </div>
      </Card>
    </fieldset>
  );
}

export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2">{children}</div>;
}
