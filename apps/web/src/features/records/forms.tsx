import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  COMPANY_KINDS,
  companyInputSchema,
  contactInputSchema,
  contactRules,
  STORE_STATUSES,
  storeInputSchema,
  storeRules,
  TOAST_TIMEOUT_MS,
  type Attribute,
  type Brand,
  type Company,
  type Contact,
  type RecordType,
  type Store,
} from '@storekeep/contracts';
import { Card, FormActions, PageHeader, Select, Textarea, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import {
  AttributeFields,
  attributeFieldPaths,
  attributeFormValues,
  withAttributeRules,
} from '../attributes/attribute-fields';
import { AddressFields, ADDRESS_FIELDS, FormGrid, PickerField } from './form-fields';
import { toFormValues } from './form-values';
import { useSaveRecord } from './queries';
import { recordPath, recordTitle, type RecordMap } from './types';
import { useUnsavedChanges } from './use-unsaved-changes';

/** Adds a cross-field rule schema's issues (stores' dates, contacts' name-or-email) to the input schema. */
function withRules<S extends z.ZodType, R extends z.ZodType>(schema: S, rules: R) {
  return schema.superRefine((value, ctx) => {
    const result = rules.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

const storeSchema = withRules(storeInputSchema, storeRules);
const contactSchema = withRules(contactInputSchema, contactRules);

type ShellProps<K extends RecordType, T extends FieldValues> = {
  type: K;
  record?: RecordMap[K];
  form: UseFormReturn<T, unknown, Record<string, unknown>>;
  fields: readonly string[];
  children: React.ReactNode;
};

/** Title, save (POST or PATCH), 422 mapping, unsaved-changes guard and Cancel around a record form. */
function FormShell<K extends RecordType, T extends FieldValues>({
  type,
  record,
  form,
  fields,
  children,
}: ShellProps<K, T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRecord(type, record?.id);
  const { dialog, allowNavigation } = useUnsavedChanges(form.formState.isDirty && !save.isSuccess);
  const cancelTo = record ? recordPath(type, record.id) : `/${type}`;
  const kind: RecordType = type;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        allowNavigation();
        toast.success(
          t(record ? 'records.form.updated' : 'records.form.created', { name: recordTitle(saved) }),
          { duration: TOAST_TIMEOUT_MS },
        );
        navigate(recordPath(type, saved.id));
      },
      onError: (error) => applyServerErrors(error, form.setError, fields as Path<T>[]),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <PageHeader
        title={
          record ? t('records.form.editTitle', { name: recordTitle(record) }) : t(`records.${kind}.create`)
        }
        description={record ? undefined : t(`records.${kind}.createText`)}
      />
      {children}
      <FormActions
        cancelTo={cancelTo}
        cancelLabel={t('common.cancel')}
        saving={save.isPending}
        submitLabel={record ? t('records.form.saveChanges') : t(`records.${kind}.create`)}
      />
      {dialog}
    </form>
  );
}

const errorOf = (form: UseFormReturn<FieldValues, unknown, unknown>, field: string) =>
  form.formState.errors[field]?.message as string | undefined;

// ---------- companies ----------

const COMPANY_FIELDS = [
  'name',
  'legal_name',
  'kind',
  'tax_id',
  'email',
  'phone',
  'website',
  ...ADDRESS_FIELDS,
  'description',
] as const;

export function CompanyForm({ record, attributes = [] }: { record?: Company; attributes?: Attribute[] }) {
  const { t } = useTranslation();
  const defaults = toFormValues(record, COMPANY_FIELDS);
  if (!record) defaults.kind = 'other';
  defaults.attributes = attributeFormValues(attributes, record?.attributes);
  const form = useForm({
    resolver: zodResolver(withAttributeRules(companyInputSchema, attributes)),
    defaultValues: defaults as never,
  });
  const { register, control } = form;
  const error = (field: string) => errorOf(form as never, field);
  return (
    <FormShell
      type="companies"
      record={record}
      form={form as never}
      fields={[...COMPANY_FIELDS, ...attributeFieldPaths(attributes)]}
    >
      <Card title={t('records.form.details')}>
        <FormGrid>
          <TextInput
            label={t('records.fields.name')}
            required
            autoComplete="organization"
            error={error('name')}
            {...register('name')}
          />
          <TextInput
            label={t('records.fields.legal_name')}
            error={error('legal_name')}
            {...register('legal_name')}
          />
          <Select
            label={t('records.fields.kind')}
            options={COMPANY_KINDS.map((kind) => ({ value: kind, label: t(`records.kinds.${kind}`) }))}
            error={error('kind')}
            {...register('kind')}
          />
          <TextInput label={t('records.fields.tax_id')} error={error('tax_id')} {...register('tax_id')} />
          <TextInput
            label={t('records.fields.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <TextInput
            label={t('records.fields.phone')}
            type="tel"
            autoComplete="tel"
            error={error('phone')}
            {...register('phone')}
          />
          <TextInput
            label={t('records.fields.website')}
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            error={error('website')}
            {...register('website')}
          />
        </FormGrid>
      </Card>
      <AttributeFields
        definitions={attributes}
        register={register}
        control={control}
        errors={form.formState.errors}
      />
      <AddressFields register={register} errors={form.formState.errors} setValue={form.setValue as never} />
      <Card title={t('records.fields.description')}>
        <Textarea
          label={<span className="sr-only">{t('records.fields.description')}</span>}
          error={error('description')}
          {...register('description')}
        />
      </Card>
    </FormShell>
  );
}

// ---------- stores ----------

const STORE_FIELDS = [
  'name',
  'store_number',
  'brand_id',
  'company_id',
  'status',
  'opening_date',
  'closing_date',
  ...ADDRESS_FIELDS,
  'latitude',
  'longitude',
  'phone',
  'email',
  'square_feet',
  'manager_id',
] as const;

export function StoreForm({
  record,
  preset,
  attributes = [],
}: {
  record?: Store;
  preset?: { brand?: Brand | null };
  attributes?: Attribute[];
}) {
  const { t } = useTranslation();
  const defaults = toFormValues(record, STORE_FIELDS, {
    brand_id: 'brand',
    company_id: 'company',
    manager_id: 'manager',
  });
  if (!record) {
    defaults.status = 'planned';
    if (preset?.brand) defaults.brand_id = preset.brand.id;
  }
  defaults.attributes = attributeFormValues(attributes, record?.attributes);
  const form = useForm({
    resolver: zodResolver(withAttributeRules(storeSchema, attributes)),
    defaultValues: defaults as never,
  });
  const { register, control } = form;
  const error = (field: string) => errorOf(form as never, field);
  const brandRef = record?.brand ?? (preset?.brand ? { id: preset.brand.id, name: preset.brand.name } : null);
  return (
    <FormShell
      type="stores"
      record={record}
      form={form as never}
      fields={[...STORE_FIELDS, ...attributeFieldPaths(attributes)]}
    >
      <Card title={t('records.form.details')}>
        <FormGrid>
          <TextInput label={t('records.fields.name')} required error={error('name')} {...register('name')} />
          <TextInput
            label={t('records.fields.store_number')}
            error={error('store_number')}
            {...register('store_number')}
          />
          <PickerField
            control={control}
            name="brand_id"
            type="brands"
            label={t('records.fields.brand')}
            initial={brandRef}
          />
          <PickerField
            control={control}
            name="company_id"
            type="companies"
            label={t('records.fields.operating_company')}
            initial={record?.company ?? null}
            allowCreate
          />
          <Select
            label={t('records.fields.status')}
            options={STORE_STATUSES.map((status) => ({
              value: status,
              label: t(`records.statuses.${status}`),
            }))}
            error={error('status')}
            {...register('status')}
          />
          <PickerField
            control={control}
            name="manager_id"
            type="contacts"
            label={t('records.fields.manager')}
            initial={record?.manager ?? null}
          />
          <TextInput
            label={t('records.fields.opening_date')}
            type="date"
            error={error('opening_date')}
            {...register('opening_date')}
          />
          <TextInput
            label={t('records.fields.closing_date')}
            type="date"
            error={error('closing_date')}
            {...register('closing_date')}
          />
          <TextInput
            label={t('records.fields.phone')}
            type="tel"
            error={error('phone')}
            {...register('phone')}
          />
          <TextInput
            label={t('records.fields.email')}
            type="email"
            error={error('email')}
            {...register('email')}
          />
          <TextInput
            label={t('records.fields.square_feet')}
            type="number"
            min={0}
            inputMode="numeric"
            error={error('square_feet')}
            {...register('square_feet')}
          />
        </FormGrid>
      </Card>
      <AttributeFields
        definitions={attributes}
        register={register}
        control={control}
        errors={form.formState.errors}
      />
      <AddressFields
        register={register}
        errors={form.formState.errors}
        setValue={form.setValue as never}
        withCoordinates
      />
      <Card title={t('records.form.location')}>
        <FormGrid>
          <TextInput
            label={t('records.fields.latitude')}
            inputMode="decimal"
            error={error('latitude')}
            {...register('latitude')}
          />
          <TextInput
            label={t('records.fields.longitude')}
            inputMode="decimal"
            error={error('longitude')}
            {...register('longitude')}
          />
        </FormGrid>
      </Card>
    </FormShell>
  );
}

// ---------- contacts ----------

const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'company_id',
  'job_title',
  'email',
  'phone',
  'mobile',
  ...ADDRESS_FIELDS,
  'notes',
] as const;

export function ContactForm({ record, attributes = [] }: { record?: Contact; attributes?: Attribute[] }) {
  const { t } = useTranslation();
  const defaults = toFormValues(record, CONTACT_FIELDS, { company_id: 'company' });
  defaults.attributes = attributeFormValues(attributes, record?.attributes);
  const form = useForm({
    resolver: zodResolver(withAttributeRules(contactSchema, attributes)),
    defaultValues: defaults as never,
  });
  const { register, control } = form;
  const error = (field: string) => errorOf(form as never, field);
  return (
    <FormShell
      type="contacts"
      record={record}
      form={form as never}
      fields={[...CONTACT_FIELDS, ...attributeFieldPaths(attributes)]}
    >
      <Card title={t('records.form.details')}>
        <FormGrid>
          <TextInput
            label={t('records.fields.first_name')}
            autoComplete="given-name"
            error={error('first_name')}
            {...register('first_name')}
          />
          <TextInput
            label={t('records.fields.last_name')}
            autoComplete="family-name"
            error={error('last_name')}
            {...register('last_name')}
          />
          <PickerField
            control={control}
            name="company_id"
            type="companies"
            label={t('records.fields.company')}
            initial={record?.company ?? null}
            allowCreate
          />
          <TextInput
            label={t('records.fields.job_title')}
            autoComplete="organization-title"
            error={error('job_title')}
            {...register('job_title')}
          />
          <TextInput
            label={t('records.fields.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <TextInput
            label={t('records.fields.phone')}
            type="tel"
            autoComplete="tel"
            error={error('phone')}
            {...register('phone')}
          />
          <TextInput
            label={t('records.fields.mobile')}
            type="tel"
            error={error('mobile')}
            {...register('mobile')}
          />
        </FormGrid>
      </Card>
      <AttributeFields
        definitions={attributes}
        register={register}
        control={control}
        errors={form.formState.errors}
      />
      <AddressFields register={register} errors={form.formState.errors} setValue={form.setValue as never} />
      <Card title={t('records.fields.notes')}>
        <Textarea
          label={<span className="sr-only">{t('records.fields.notes')}</span>}
          error={error('notes')}
          {...register('notes')}
        />
      </Card>
    </FormShell>
  );
}
