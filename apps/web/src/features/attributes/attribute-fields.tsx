import {
  useController,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { attributeValuesSchema, type Attribute, type AttributeValue } from '@storekeep/contracts';
import { Card, Checkbox, Select, Textarea, TextInput } from '../../components/ui';

/** Adds `attributes: { key: rule }` (the same rules the API runs) to a record form's schema. */
export function withAttributeRules<S extends z.ZodType>(schema: S, definitions: Attribute[]) {
  if (!definitions.length) return schema;
  return z.intersection(schema, z.object({ attributes: attributeValuesSchema(definitions) }));
}

/** Record DTO values → form values: blanks are '' so inputs stay controlled, numbers are text. */
export function attributeFormValues(
  definitions: Attribute[],
  values: Record<string, AttributeValue> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    definitions.map((d) => {
      const value = values?.[d.key];
      if (d.type === 'multi_select') return [d.key, Array.isArray(value) ? value : []];
      if (d.type === 'boolean') return [d.key, value === true];
      return [d.key, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** `attributes.<key>` paths, so a 422 from the API lands under the right input. */
export const attributeFieldPaths = (definitions: Attribute[]) =>
  definitions.map((d) => `attributes.${d.key}`);

type Props<T extends FieldValues> = {
  definitions: Attribute[];
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
};

/** The team's own fields of a record type, as a panel of the record form. */
export function AttributeFields<T extends FieldValues>({ definitions, register, control, errors }: Props<T>) {
  const { t } = useTranslation();
  if (!definitions.length) return null;
  const attributeErrors = (errors as Record<string, unknown>).attributes as
    Record<string, { message?: string }> | undefined;
  const error = (key: string) => attributeErrors?.[key]?.message;
  return (
    <Card title={t('attributes.formTitle')}>
      <div className="grid gap-5 sm:grid-cols-2">
        {definitions.map((d) => {
          const name = `attributes.${d.key}` as Path<T>;
          const common = { label: d.label, required: d.required, error: error(d.key) };
          switch (d.type) {
            case 'long_text':
              return (
                <Textarea key={d.id} containerClassName="sm:col-span-2" {...common} {...register(name)} />
              );
            case 'number':
            case 'money':
              return <TextInput key={d.id} inputMode="decimal" {...common} {...register(name)} />;
            case 'date':
              return <TextInput key={d.id} type="date" {...common} {...register(name)} />;
            case 'url':
              return (
                <TextInput
                  key={d.id}
                  inputMode="url"
                  autoComplete="url"
                  placeholder="example.com"
                  {...common}
                  {...register(name)}
                />
              );
            case 'email':
              return <TextInput key={d.id} type="email" {...common} {...register(name)} />;
            case 'boolean':
              return <Checkbox key={d.id} className="self-end" label={d.label} {...register(name)} />;
            case 'select':
              return (
                <Select
                  key={d.id}
                  {...common}
                  options={[
                    { value: '', label: t('attributes.noValue') },
                    ...d.options.map((o) => ({ value: o, label: o })),
                  ]}
                  {...register(name)}
                />
              );
            case 'multi_select':
              return (
                <MultiSelectField
                  key={d.id}
                  definition={d}
                  control={control}
                  name={name}
                  error={error(d.key)}
                />
              );
            default:
              return <TextInput key={d.id} {...common} {...register(name)} />;
          }
        })}
      </div>
    </Card>
  );
}

function MultiSelectField<T extends FieldValues>({
  definition,
  control,
  name,
  error,
}: {
  definition: Attribute;
  control: Control<T>;
  name: Path<T>;
  error?: string;
}) {
  const { field } = useController({ control, name });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="sm:col-span-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="block text-sm/6 font-medium text-gray-900 dark:text-gray-100">
        {definition.label}
        {definition.required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-6">
        {definition.options.map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={selected.includes(option)}
            onBlur={field.onBlur}
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...selected, option] : selected.filter((o) => o !== option),
              )
            }
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
