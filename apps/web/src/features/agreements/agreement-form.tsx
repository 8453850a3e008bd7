import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useController, useFieldArray, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AGREEMENT_CLAUSE_KINDS,
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  agreementInputSchema,
  REPORTING_FREQUENCIES,
  TOAST_TIMEOUT_MS,
  type Agreement,
  type Attribute,
  type RecordRef,
} from '@storekeep/contracts';
import {
  Alert,
  Card,
  Checkbox,
  FormActions,
  PageHeader,
  Select,
  Skeleton,
  Textarea,
  TextInput,
} from '../../components/ui';
import { AttributeFields, attributeFormValues, withAttributeRules } from '../attributes/attribute-fields';
import { useAttributes } from '../attributes/queries';
import { formatDay } from '../../lib/format';
import { FormGrid, PickerField } from '../records/form-fields';
import { AGREEMENT_FORM_FIELDS, agreementToForm, type AgreementFormValues } from './agreement-form-values';
import { RecordPicker } from '../records/record-picker';
import { useUnsavedChanges } from '../records/use-unsaved-changes';
import { fieldError, RowsCard, RowShell } from '../leases/form-parts';
import { applyNestedErrors, useSaveResource } from '../leases/queries';

/** The covered stores: picked one at a time, listed as removable chips. */
function StoresField({
  control,
  initial,
}: {
  control: Control<AgreementFormValues>;
  initial: Array<{ id: number; name: string }>;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'store_ids' });
  const [names, setNames] = useState<Record<number, string>>(
    Object.fromEntries(initial.map((store) => [store.id, store.name])),
  );
  const ids = (field.value ?? []) as number[];
  return (
    <div className="sm:col-span-2">
      <RecordPicker
        type="stores"
        label={t('agreements.fields.addStore')}
        value={null}
        onChange={(store) => {
          if (!store || ids.includes(store.id)) return;
          setNames((old) => ({ ...old, [store.id]: store.name }));
          field.onChange([...ids, store.id]);
        }}
      />
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('agreements.fields.stores')}>
        {ids.map((id) => (
          <li
            key={id}
            className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-800 dark:bg-blue-950 dark:text-blue-200"
          >
            {names[id] ?? `#${id}`}
            <button
              type="button"
              className="inline-flex size-6 items-center justify-center rounded-full hover:bg-blue-100"
              onClick={() => field.onChange(ids.filter((other) => other !== id))}
            >
              <X className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('leases.rows.remove', { index: names[id] ?? id })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

type AgreementFormProps = { agreement?: Agreement; preset?: { brand?: RecordRef; store?: RecordRef } };

/** The agreement form, once the team's agreement attributes are known (its schema includes them). */
export function AgreementForm(props: AgreementFormProps) {
  const attributes = useAttributes('agreements');
  if (!attributes.data) return <Skeleton className="h-96 w-full" />;
  return <AgreementFormFields {...props} attributes={attributes.data} />;
}

function AgreementFormFields({
  agreement,
  preset,
  attributes,
}: AgreementFormProps & { attributes: Attribute[] }) {
  const { t } = useTranslation();
  const t2 = t as unknown as (key: string) => string;
  const navigate = useNavigate();
  const save = useSaveResource('agreements', agreement?.id);
  const formValues = (saved?: Agreement, presetValues?: AgreementFormProps['preset']) =>
    ({
      ...agreementToForm(saved, presetValues),
      attributes: attributeFormValues(attributes, saved?.attributes),
    }) as AgreementFormValues;
  const form = useForm<AgreementFormValues>({
    resolver: zodResolver(withAttributeRules(agreementInputSchema, attributes)) as never,
    defaultValues: formValues(agreement, preset),
  });
  const { register, control, formState } = form;
  const err = (path: string) => fieldError(formState.errors as never, path);
  const tiers = useFieldArray({ control, name: 'royalty_tiers' });
  const clauses = useFieldArray({ control, name: 'clauses' });
  const { dialog, allowNavigation } = useUnsavedChanges(formState.isDirty && !save.isPending);
  const reg = (name: string) => register(name as never);
  const opts = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t2(`${prefix}.${value}`) }));

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('agreements.saved'), { duration: TOAST_TIMEOUT_MS });
        form.reset(formValues(saved));
        if (!agreement) {
          allowNavigation();
          navigate(`/agreements/${saved.id}`, { replace: true });
        }
      },
      onError: (error) => applyNestedErrors(error, form.setError, AGREEMENT_FORM_FIELDS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <PageHeader
        title={
          agreement
            ? t('agreements.edit', { name: agreement.agreement_number ?? `#${agreement.id}` })
            : t('agreements.create')
        }
        description={agreement?.brand?.name ?? t('agreements.createText')}
      />
      {agreement && agreement.misaligned_stores.length > 0 && (
        <Alert type="warning" title={t('agreements.misaligned')}>
          <ul className="list-disc space-y-1 pl-5">
            {agreement.misaligned_stores.map((store) => (
              <li key={store.id}>
                {t('agreements.misalignedItem', {
                  store: store.name,
                  date: formatDay(store.lease_expiration),
                  days: store.days_apart,
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Card title={t('agreements.sections.identity')}>
        <FormGrid>
          <PickerField
            control={control as never}
            name="brand_id"
            type="brands"
            label={t('agreements.fields.brand')}
            initial={agreement?.brand ?? preset?.brand ?? null}
            required
          />
          <PickerField
            control={control as never}
            name="franchisee_id"
            type="companies"
            label={t('agreements.fields.franchisee')}
            initial={agreement?.franchisee ?? null}
            allowCreate
          />
          <TextInput
            label={t('agreements.fields.agreement_number')}
            error={err('agreement_number')}
            {...reg('agreement_number')}
          />
          <Select
            label={t('agreements.fields.type')}
            options={opts(AGREEMENT_TYPES, 'agreements.types')}
            error={err('type')}
            {...reg('type')}
          />
          <Select
            label={t('agreements.fields.status')}
            options={opts(AGREEMENT_STATUSES, 'agreements.statuses')}
            error={err('status')}
            {...reg('status')}
          />
          <StoresField
            control={control}
            initial={
              agreementToForm(agreement, preset).stores.filter(Boolean) as Array<{ id: number; name: string }>
            }
          />
        </FormGrid>
      </Card>
      <Card title={t('agreements.sections.dates')}>
        <div className="grid gap-5 sm:grid-cols-3">
          {(['signed_date', 'effective_date', 'opening_date', 'expiration_date'] as const).map((name) => (
            <TextInput
              key={name}
              label={t(`agreements.fields.${name}`)}
              type="date"
              error={err(name)}
              {...reg(name)}
            />
          ))}
          {(
            ['initial_term_months', 'renewal_count', 'renewal_length_months', 'renewal_notice_days'] as const
          ).map((name) => (
            <TextInput
              key={name}
              label={t(`agreements.fields.${name}`)}
              type="number"
              min={0}
              error={err(name)}
              {...reg(name)}
            />
          ))}
          {agreement?.renewal_notice_deadline && (
            <p className="text-sm text-gray-700 sm:col-span-3 dark:text-gray-300">
              {t('agreements.fields.renewal_notice_deadline')}:{' '}
              <strong>{formatDay(agreement.renewal_notice_deadline)}</strong>
            </p>
          )}
        </div>
      </Card>
      <Card title={t('agreements.sections.fees')}>
        <div className="grid gap-5 sm:grid-cols-3">
          {(
            [
              'initial_fee',
              'renewal_fee',
              'royalty_percent',
              'royalty_minimum',
              'marketing_percent',
              'technology_fee',
              'transfer_fee',
            ] as const
          ).map((name) => (
            <TextInput
              key={name}
              label={t(`agreements.fields.${name}`)}
              type="number"
              step="0.01"
              min={0}
              error={err(name)}
              {...reg(name)}
            />
          ))}
        </div>
      </Card>
      <RowsCard
        title={t('agreements.sections.tiers')}
        addLabel={t('agreements.fields.addTier')}
        empty="—"
        count={tiers.fields.length}
        onAdd={() => tiers.append({ from_sales: '', percent: '' })}
      >
        {tiers.fields.map((field, index) => (
          <RowShell
            key={field.id}
            index={index}
            onRemove={() => tiers.remove(index)}
            columns="sm:grid-cols-2"
          >
            <TextInput
              label={t('agreements.fields.from_sales')}
              type="number"
              step="0.01"
              min={0}
              error={err(`royalty_tiers.${index}.from_sales`)}
              {...register(`royalty_tiers.${index}.from_sales`)}
            />
            <TextInput
              label={t('agreements.fields.percent')}
              type="number"
              step="0.01"
              min={0}
              error={err(`royalty_tiers.${index}.percent`)}
              {...register(`royalty_tiers.${index}.percent`)}
            />
          </RowShell>
        ))}
      </RowsCard>
      <Card title={t('agreements.sections.territory')}>
        <FormGrid>
          <Select
            label={t('agreements.fields.reporting_frequency')}
            options={opts(['', ...REPORTING_FREQUENCIES], 'agreements.frequencies')}
            error={err('reporting_frequency')}
            {...reg('reporting_frequency')}
          />
          <TextInput
            label={t('agreements.fields.territory_radius_miles')}
            type="number"
            min={0}
            error={err('territory_radius_miles')}
            {...reg('territory_radius_miles')}
          />
          <Textarea
            containerClassName="sm:col-span-2"
            rows={3}
            label={t('agreements.fields.territory_description')}
            error={err('territory_description')}
            {...reg('territory_description')}
          />
          <Checkbox label={t('agreements.fields.territory_exclusive')} {...reg('territory_exclusive')} />
        </FormGrid>
      </Card>
      <RowsCard
        title={t('agreements.sections.clauses')}
        addLabel={t('leases.rows.addClause')}
        empty={t('leases.rows.noClauses')}
        count={clauses.fields.length}
        onAdd={() => clauses.append({ kind: 'other', text: '', date: '', document_id: null, page: '' })}
      >
        {clauses.fields.map((field, index) => (
          <RowShell
            key={field.id}
            index={index}
            onRemove={() => clauses.remove(index)}
            columns="sm:grid-cols-3"
          >
            <Select
              label={t('leases.fields.kind')}
              options={opts(AGREEMENT_CLAUSE_KINDS, 'leases.clauseKinds')}
              {...register(`clauses.${index}.kind`)}
            />
            <TextInput
              label={t('leases.fields.date')}
              type="date"
              error={err(`clauses.${index}.date`)}
              {...register(`clauses.${index}.date`)}
            />
            <TextInput
              label={t('leases.fields.page')}
              type="number"
              min={1}
              error={err(`clauses.${index}.page`)}
              {...register(`clauses.${index}.page`)}
            />
            <Textarea
              containerClassName="sm:col-span-3"
              rows={3}
              label={t('leases.fields.text')}
              error={err(`clauses.${index}.text`)}
              {...register(`clauses.${index}.text`)}
            />
          </RowShell>
        ))}
      </RowsCard>
      <AttributeFields
        definitions={attributes}
        register={register as never}
        control={control as never}
        errors={formState.errors as never}
      />
      <FormActions
        cancelTo={agreement ? `/agreements/${agreement.id}` : '/agreements'}
        cancelLabel={t('common.cancel')}
        saving={save.isPending}
        submitLabel={agreement ? t('records.form.saveChanges') : t('agreements.create')}
      />
      {dialog}
    </form>
  );
}
