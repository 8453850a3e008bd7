import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ATTRIBUTE_TYPES,
  attributeCreateSchema,
  OPTION_TYPES,
  TOAST_TIMEOUT_MS,
  type Attribute,
  type AttributeSubject,
  type AttributeType,
} from '@storekeep/contracts';
import { Button, Checkbox, Dialog, FormActions, Select, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { useAttributeMutations } from './queries';

type Props = { open: boolean; onClose: () => void; subject: AttributeSubject; attribute?: Attribute };

/** Add or edit one attribute: label, key and type (fixed once made), required, and the options of a select. */
export function AttributeDialog({ open, onClose, subject, attribute }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={attribute ? t('attributes.editTitle', { label: attribute.label }) : t('attributes.add')}
      size="lg"
    >
      {open && <AttributeForm subject={subject} attribute={attribute} onClose={onClose} />}
    </Dialog>
  );
}

// The form keeps options as rows ({ value }) for useFieldArray; the API takes a list of strings.
const formSchema = z.object({
  label: z.string(),
  key: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  required: z.boolean(),
  reminder: z.boolean(),
  options: z.array(z.object({ value: z.string() })),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['label', 'key', 'type', 'required', 'reminder', 'options'] as const;

function AttributeForm({ subject, attribute, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { create, update } = useAttributeMutations();
  const form = useForm<FormValues>({
    resolver: zodResolver(
      formSchema.superRefine((values, ctx) => {
        // The same rules as the API, on the shape it will receive.
        const result = attributeCreateSchema.safeParse({ ...toInput(values), subject_type: subject });
        if (!result.success)
          for (const issue of result.error.issues)
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }),
    ),
    defaultValues: {
      label: attribute?.label ?? '',
      key: attribute?.key ?? '',
      type: attribute?.type ?? 'text',
      required: attribute?.required ?? false,
      reminder: attribute?.reminder ?? false,
      options: (attribute?.options ?? []).map((value) => ({ value })),
    },
  });
  const { register, control, formState } = form;
  const options = useFieldArray({ control, name: 'options' });
  const type = useWatch({ control, name: 'type' }) as AttributeType;
  const hasOptions = OPTION_TYPES.includes(type);
  const error = (field: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const optionErrors = formState.errors.options as unknown as
    Array<{ value?: { message?: string } } | undefined> | undefined;
  const saving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const input = toInput(values);
    const onSuccess = (saved: Attribute) => {
      toast.success(t(attribute ? 'attributes.updated' : 'attributes.created', { label: saved.label }), {
        duration: TOAST_TIMEOUT_MS,
      });
      onClose();
    };
    const onError = (failure: unknown) => applyServerErrors(failure, form.setError, [...FIELDS]);
    if (attribute)
      update.mutate(
        {
          id: attribute.id,
          input: {
            label: input.label,
            required: input.required,
            ...(hasOptions ? { options: input.options } : {}),
            ...(type === 'date' ? { reminder: input.reminder } : {}),
          },
        },
        { onSuccess, onError },
      );
    else create.mutate({ ...input, subject_type: subject }, { onSuccess, onError });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label={t('attributes.fields.label')}
          required
          data-autofocus
          error={error('label')}
          {...register('label')}
        />
        <TextInput
          label={t('attributes.fields.key')}
          hint={attribute ? t('attributes.keyFixed') : t('attributes.keyHint')}
          disabled={Boolean(attribute)}
          className="font-mono"
          error={error('key')}
          {...register('key')}
        />
        <Select
          label={t('attributes.fields.type')}
          disabled={Boolean(attribute)}
          hint={attribute ? t('attributes.typeFixed') : undefined}
          options={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`attributes.types.${value}`) }))}
          error={error('type')}
          {...register('type')}
        />
        <Checkbox className="self-end" label={t('attributes.fields.required')} {...register('required')} />
        {type === 'date' && (
          <Checkbox
            className="sm:col-span-2"
            label={t('attributes.fields.reminder')}
            {...register('reminder')}
          />
        )}
      </div>
      {hasOptions && (
        <fieldset>
          <legend className="text-sm/6 font-medium text-gray-900 dark:text-gray-100">
            {t('attributes.fields.options')}
          </legend>
          <p className="text-sm text-gray-500 dark:text-gray-400">{t('attributes.optionsHint')}</p>
          <ol className="mt-3 flex flex-col gap-2">
            {options.fields.map((field, index) => (
              <li key={field.id} className="flex items-start gap-2">
                <TextInput
                  containerClassName="flex-1"
                  label={
                    <span className="sr-only">{t('attributes.optionLabel', { number: index + 1 })}</span>
                  }
                  error={optionErrors?.[index]?.value?.message}
                  {...register(`options.${index}.value`)}
                />
                <Button
                  color="white"
                  className="mt-2"
                  aria-label={t('attributes.removeOption', { number: index + 1 })}
                  onClick={() => options.remove(index)}
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                />
              </li>
            ))}
          </ol>
          {error('options') && <p className="mt-2 text-sm text-red-600">{error('options')}</p>}
          <Button
            color="white"
            size="sm"
            className="mt-3"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => options.append({ value: '' })}
          >
            {t('attributes.addOption')}
          </Button>
        </fieldset>
      )}
      <FormActions
        onCancel={onClose}
        cancelLabel={t('common.cancel')}
        saving={saving}
        submitLabel={attribute ? t('records.form.saveChanges') : t('attributes.add')}
        className="mt-1"
      />
    </form>
  );
}

function toInput(values: FormValues) {
  return {
    label: values.label,
    key: values.key.trim() || undefined,
    type: values.type,
    required: values.required,
    reminder: values.type === 'date' && values.reminder,
    options: OPTION_TYPES.includes(values.type) ? values.options.map((o) => o.value.trim()) : [],
  };
}
