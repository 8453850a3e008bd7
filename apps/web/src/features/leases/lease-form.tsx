import { zodResolver } from '@hookform/resolvers/zod';
import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  CHARGE_KINDS,
  LEASE_CLAUSE_KINDS,
  LEASE_STATUSES,
  LEASE_TYPES,
  leaseInputSchema,
  leaseTermMonths,
  OPTION_KINDS,
  OPTION_STATUSES,
  TOAST_TIMEOUT_MS,
  type Attribute,
  type Lease,
  type RecordRef,
} from '@storekeep/contracts';
import {
  Button,
  Card,
  Checkbox,
  Dialog,
  FormActions,
  PageHeader,
  SectionNav,
  Select,
  Skeleton,
  Textarea,
  TextInput,
} from '../../components/ui';
import { AttributeFields, attributeFormValues, withAttributeRules } from '../attributes/attribute-fields';
import { useAttributes } from '../attributes/queries';
import { formatDay, formatUsd } from '../../lib/format';
import { FormGrid, PickerField } from '../records/form-fields';
import { formText } from '../records/form-values';
import { useUnsavedChanges } from '../records/use-unsaved-changes';
import { fieldError, RowsCard, RowShell } from './form-parts';
import { blankBound, OptionNoticeFields } from './option-notice-fields';
import { LEASE_FORM_FIELDS, leaseToForm, type LeaseFormValues } from './lease-form-values';
import { applyNestedErrors, useEscalations, useSaveResource } from './queries';

/** The form's sections in page order, for its section navigation. */
const LEASE_SECTIONS = [
  'identity',
  'premises',
  'dates',
  'rent',
  'charges',
  'options',
  'clauses',
  'money',
] as const;

type Form = UseFormReturn<LeaseFormValues>;

function TermMonths({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [start, end] = useWatch({
    control: form.control,
    name: ['commencement_date', 'expiration_date'] as never,
  }) as unknown as [string, string];
  // One definition with the server's: the lease's last day counts (2024-03-01 to 2027-02-28 is 36 months).
  const months = leaseTermMonths(start, end);
  const text = months === null ? '—' : t('leases.fields.termMonths', { count: months });
  return (
    <div>
      <p className="text-sm font-medium text-gray-900 dark:text-gray-100">{t('leases.fields.term')}</p>
      <p
        className="mt-1.5 flex min-h-10 items-center text-sm text-gray-700 dark:text-gray-300"
        data-testid="term-months"
      >
        {text}
      </p>
    </div>
  );
}

function EscalateDialog({
  open,
  onClose,
  form,
  onRows,
}: {
  open: boolean;
  onClose: () => void;
  form: Form;
  onRows: (rows: LeaseFormValues['rent_schedule']) => void;
}) {
  const { t } = useTranslation();
  const escalate = useEscalations();
  const values = form.getValues() as unknown as Record<string, string>;
  const firstRow = form.getValues('rent_schedule')[0];
  const [input, setInput] = useState({
    start_date: values.rent_commencement_date || values.commencement_date || '',
    end_date: values.expiration_date || '',
    monthly_amount: firstRow?.monthly_amount ?? '',
    method: 'percent' as 'percent' | 'amount',
    value: '3',
    every_months: '12',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (field: keyof typeof input) => (event: { target: { value: string } }) =>
    setInput((old) => ({ ...old, [field]: event.target.value }));
  const submit = () =>
    escalate.mutate(input, {
      onSuccess: (rows) => {
        onRows(
          rows.map((row) => ({
            start_date: row.start_date,
            end_date: row.end_date,
            monthly_amount: formText(row.monthly_amount),
            amount_per_sqft: '',
          })),
        );
        toast.success(t('leases.escalate.done', { count: rows.length }), { duration: TOAST_TIMEOUT_MS });
        setErrors({});
        onClose();
      },
      onError: (error) => setErrors((error as { errors?: Record<string, string[]> }).errors ?? {}),
    });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('leases.escalate.title')}
      description={t('leases.escalate.text')}
      footer={
        <>
          <Button color="white" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={escalate.isPending} onClick={submit}>
            {t('leases.escalate.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t('leases.fields.start_date')}
          type="date"
          value={input.start_date}
          onChange={set('start_date')}
          error={errors.start_date?.[0]}
        />
        <TextInput
          label={t('leases.fields.end_date')}
          type="date"
          value={input.end_date}
          onChange={set('end_date')}
          error={errors.end_date?.[0]}
        />
        <TextInput
          label={t('leases.fields.monthly_amount')}
          type="number"
          step="0.01"
          min={0}
          value={input.monthly_amount}
          onChange={set('monthly_amount')}
          error={errors.monthly_amount?.[0]}
        />
        <Select
          label={t('leases.escalate.method')}
          value={input.method}
          onChange={set('method')}
          options={[
            { value: 'percent', label: t('leases.escalate.percent') },
            { value: 'amount', label: t('leases.escalate.amount') },
          ]}
        />
        <TextInput
          label={t('leases.escalate.value')}
          type="number"
          step="0.01"
          min={0}
          value={input.value}
          onChange={set('value')}
          error={errors.value?.[0]}
        />
        <TextInput
          label={t('leases.escalate.every')}
          type="number"
          min={1}
          value={input.every_months}
          onChange={set('every_months')}
          error={errors.every_months?.[0]}
        />
      </div>
    </Dialog>
  );
}

const optionsOf = (values: readonly string[], prefix: string, t: (key: string) => string) =>
  values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

type LeaseFormProps = { lease?: Lease; store?: RecordRef; children?: React.ReactNode };

/** /leases/create and /leases/:id/edit: the sectioned lease form, once the team's lease attributes are known. */
export function LeaseForm(props: LeaseFormProps) {
  const attributes = useAttributes('leases');
  if (!attributes.data) return <Skeleton className="h-96 w-full" />;
  return <LeaseFormFields {...props} attributes={attributes.data} />;
}

function LeaseFormFields({
  lease,
  store,
  children,
  attributes,
}: LeaseFormProps & { attributes: Attribute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveResource('leases', lease?.id);
  const toForm = (saved?: Lease, storeId?: number) => ({
    ...leaseToForm(saved, storeId),
    attributes: attributeFormValues(attributes, saved?.attributes),
  });
  const form = useForm<LeaseFormValues>({
    resolver: zodResolver(withAttributeRules(leaseInputSchema, attributes)) as never,
    defaultValues: toForm(lease, store?.id) as never,
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const err = (path: string) => fieldError(errors as never, path);
  const rent = useFieldArray({ control, name: 'rent_schedule' });
  const charges = useFieldArray({ control, name: 'charges' });
  const options = useFieldArray({ control, name: 'options' });
  const clauses = useFieldArray({ control, name: 'clauses' });
  const [escalating, setEscalating] = useState(false);
  const { dialog, allowNavigation } = useUnsavedChanges(formState.isDirty && !save.isPending);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('leases.created'), { duration: TOAST_TIMEOUT_MS });
        form.reset(toForm(saved) as never);
        if (!lease) {
          allowNavigation();
          navigate(`/leases/${saved.id}`, { replace: true });
        }
      },
      onError: (error) => applyNestedErrors(error, form.setError, LEASE_FORM_FIELDS),
    }),
  );

  const t2 = t as unknown as (key: string) => string;
  const storeRef = lease?.store ?? store ?? null;
  return (
    <form onSubmit={onSubmit} noValidate className="relative flex flex-col gap-6 xl:pr-56">
      <PageHeader
        title={
          lease
            ? t('leases.edit', { name: lease.reference ?? lease.store?.name ?? `#${lease.id}` })
            : t('leases.create')
        }
        description={lease ? lease.store?.name : t('leases.createText')}
      />
      <SectionNav
        label={t('leases.sectionNav')}
        sections={LEASE_SECTIONS.map((key) => ({ id: `lease-${key}`, label: t(`leases.sections.${key}`) }))}
      />
      <Card id="lease-identity" title={t('leases.sections.identity')}>
        <FormGrid>
          <PickerField
            control={control as never}
            name="store_id"
            type="stores"
            label={t('leases.fields.store')}
            initial={storeRef}
            required
          />
          <TextInput
            label={t('leases.fields.reference')}
            error={err('reference')}
            {...register('reference' as never)}
          />
          <Select
            label={t('leases.fields.status')}
            options={optionsOf(LEASE_STATUSES, 'leases.statuses', t2)}
            error={err('status')}
            {...register('status' as never)}
          />
          <Select
            label={t('leases.fields.type')}
            options={optionsOf(LEASE_TYPES, 'leases.types', t2)}
            error={err('type')}
            {...register('type' as never)}
          />
          <PickerField
            control={control as never}
            name="landlord_id"
            type="companies"
            label={t('leases.fields.landlord')}
            initial={lease?.landlord ?? null}
            allowCreate
          />
          <PickerField
            control={control as never}
            name="tenant_id"
            type="companies"
            label={t('leases.fields.tenant')}
            initial={lease?.tenant ?? null}
            allowCreate
          />
          <PickerField
            control={control as never}
            name="guarantor_id"
            type="companies"
            label={t('leases.fields.guarantor')}
            initial={lease?.guarantor ?? null}
            allowCreate
          />
          <TextInput
            label={t('leases.fields.guaranty_end_date')}
            type="date"
            error={err('guaranty_end_date')}
            {...register('guaranty_end_date' as never)}
          />
          <PickerField
            control={control as never}
            name="broker_id"
            type="contacts"
            label={t('leases.fields.broker')}
            initial={lease?.broker ?? null}
          />
          <PickerField
            control={control as never}
            name="property_manager_id"
            type="contacts"
            label={t('leases.fields.property_manager')}
            initial={lease?.property_manager ?? null}
          />
        </FormGrid>
      </Card>
      <Card id="lease-premises" title={t('leases.sections.premises')}>
        <FormGrid>
          <TextInput label={t('leases.fields.suite')} error={err('suite')} {...register('suite' as never)} />
          <TextInput
            label={t('leases.fields.permitted_use')}
            error={err('permitted_use')}
            {...register('permitted_use' as never)}
          />
          <TextInput
            label={t('leases.fields.rentable_sqft')}
            type="number"
            min={0}
            error={err('rentable_sqft')}
            {...register('rentable_sqft' as never)}
          />
          <TextInput
            label={t('leases.fields.usable_sqft')}
            type="number"
            min={0}
            error={err('usable_sqft')}
            {...register('usable_sqft' as never)}
          />
        </FormGrid>
      </Card>
      <Card id="lease-dates" title={t('leases.sections.dates')}>
        <div className="grid gap-5 sm:grid-cols-3">
          <TextInput
            label={t('leases.fields.signed_date')}
            type="date"
            error={err('signed_date')}
            {...register('signed_date' as never)}
          />
          <TextInput
            label={t('leases.fields.possession_date')}
            type="date"
            error={err('possession_date')}
            {...register('possession_date' as never)}
          />
          <TextInput
            label={t('leases.fields.rent_commencement_date')}
            type="date"
            error={err('rent_commencement_date')}
            {...register('rent_commencement_date' as never)}
          />
          <TextInput
            label={t('leases.fields.commencement_date')}
            type="date"
            error={err('commencement_date')}
            {...register('commencement_date' as never)}
          />
          <TextInput
            label={t('leases.fields.expiration_date')}
            type="date"
            error={err('expiration_date')}
            {...register('expiration_date' as never)}
          />
          <TermMonths form={form} />
          <TextInput
            label={t('leases.fields.holdover_rate')}
            type="number"
            step="0.01"
            min={0}
            error={err('holdover_rate')}
            {...register('holdover_rate' as never)}
          />
          <TextInput
            label={t('leases.fields.free_rent_months')}
            type="number"
            min={0}
            error={err('free_rent_months')}
            {...register('free_rent_months' as never)}
          />
        </div>
      </Card>

      <RowsCard
        id="lease-rent"
        title={t('leases.sections.rent')}
        addLabel={t('leases.rows.addRent')}
        empty={t('leases.rows.noRent')}
        count={rent.fields.length}
        error={err('rent_schedule')}
        onAdd={() => rent.append({ start_date: '', end_date: '', monthly_amount: '', amount_per_sqft: '' })}
        actions={
          <Button
            size="sm"
            color="white"
            icon={<TrendingUp className="size-4" aria-hidden="true" />}
            onClick={() => setEscalating(true)}
          >
            {t('leases.escalate.open')}
          </Button>
        }
      >
        {rent.fields.map((field, index) => (
          <RowShell key={field.id} index={index} onRemove={() => rent.remove(index)}>
            <TextInput
              label={t('leases.fields.start_date')}
              type="date"
              error={err(`rent_schedule.${index}.start_date`)}
              {...register(`rent_schedule.${index}.start_date`)}
            />
            <TextInput
              label={t('leases.fields.end_date')}
              type="date"
              error={err(`rent_schedule.${index}.end_date`)}
              {...register(`rent_schedule.${index}.end_date`)}
            />
            <TextInput
              label={t('leases.fields.monthly_amount')}
              type="number"
              step="0.01"
              min={0}
              error={err(`rent_schedule.${index}.monthly_amount`)}
              {...register(`rent_schedule.${index}.monthly_amount`)}
            />
            <TextInput
              label={t('leases.fields.amount_per_sqft')}
              type="number"
              step="0.01"
              min={0}
              error={err(`rent_schedule.${index}.amount_per_sqft`)}
              {...register(`rent_schedule.${index}.amount_per_sqft`)}
            />
          </RowShell>
        ))}
      </RowsCard>

      <RowsCard
        id="lease-charges"
        title={t('leases.sections.charges')}
        addLabel={t('leases.rows.addCharge')}
        empty={t('leases.rows.noCharges')}
        count={charges.fields.length}
        onAdd={() => charges.append({ kind: 'cam', monthly_amount: '', estimated: false })}
      >
        {charges.fields.map((field, index) => (
          <RowShell
            key={field.id}
            index={index}
            onRemove={() => charges.remove(index)}
            columns="sm:grid-cols-3"
          >
            <Select
              label={t('leases.fields.kind')}
              options={optionsOf(CHARGE_KINDS, 'leases.chargeKinds', t2)}
              error={err(`charges.${index}.kind`)}
              {...register(`charges.${index}.kind`)}
            />
            <TextInput
              label={t('leases.fields.monthly_amount')}
              type="number"
              step="0.01"
              min={0}
              error={err(`charges.${index}.monthly_amount`)}
              {...register(`charges.${index}.monthly_amount`)}
            />
            <Checkbox
              className="sm:mt-7"
              label={t('leases.fields.estimated')}
              {...register(`charges.${index}.estimated`)}
            />
          </RowShell>
        ))}
      </RowsCard>

      <RowsCard
        id="lease-options"
        title={t('leases.sections.options')}
        addLabel={t('leases.rows.addOption')}
        empty={t('leases.rows.noOptions')}
        count={options.fields.length}
        onAdd={() =>
          options.append({
            kind: 'renewal',
            count: '1',
            length_months: '60',
            notice: {
              earliest: blankBound('12'),
              latest: blankBound('6'),
              business_day: 'previous',
              day_count: 'exclusive',
              lease_months: 'anniversary',
            },
            notice_from: 'expiration',
            delivery_method: '',
            status: 'open',
            exercised_count: 0,
            source_document_id: null,
            source_page: '',
            deadline: null,
          })
        }
      >
        {options.fields.map((field, index) => (
          <RowShell
            key={field.id}
            index={index}
            onRemove={() => options.remove(index)}
            footer={
              <p className="mt-3 text-sm text-gray-600 dark:text-gray-400" data-testid="option-deadline">
                {t('leases.fields.deadline')}:{' '}
                <span className="font-semibold text-gray-900 dark:text-white">
                  {field.deadline ? formatDay(field.deadline) : t('leases.rows.deadlineAfterSave')}
                </span>
              </p>
            }
          >
            <Select
              label={t('leases.fields.kind')}
              options={optionsOf(OPTION_KINDS, 'leases.optionKinds', t2)}
              error={err(`options.${index}.kind`)}
              {...register(`options.${index}.kind`)}
            />
            <TextInput
              label={t('leases.fields.count')}
              type="number"
              min={1}
              error={err(`options.${index}.count`)}
              {...register(`options.${index}.count`)}
            />
            <TextInput
              label={t('leases.fields.length_months')}
              type="number"
              min={0}
              error={err(`options.${index}.length_months`)}
              {...register(`options.${index}.length_months`)}
            />
            <Select
              label={t('leases.fields.option_status')}
              options={optionsOf(OPTION_STATUSES, 'leases.optionStatuses', t2)}
              error={err(`options.${index}.status`)}
              {...register(`options.${index}.status`)}
            />
            <OptionNoticeFields form={form as never} index={index} />
            <TextInput
              containerClassName="sm:col-span-2"
              label={t('leases.fields.delivery_method')}
              error={err(`options.${index}.delivery_method`)}
              {...register(`options.${index}.delivery_method`)}
            />
            <TextInput
              label={t('leases.fields.source_page')}
              type="number"
              min={1}
              error={err(`options.${index}.source_page`)}
              {...register(`options.${index}.source_page`)}
            />
          </RowShell>
        ))}
      </RowsCard>

      <RowsCard
        id="lease-clauses"
        title={t('leases.sections.clauses')}
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
              options={optionsOf(LEASE_CLAUSE_KINDS, 'leases.clauseKinds', t2)}
              error={err(`clauses.${index}.kind`)}
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

      <Card id="lease-money" title={t('leases.sections.money')}>
        <FormGrid>
          <TextInput
            label={t('leases.fields.security_deposit')}
            type="number"
            step="0.01"
            min={0}
            error={err('security_deposit')}
            {...register('security_deposit' as never)}
          />
          <TextInput
            label={t('leases.fields.letter_of_credit')}
            type="number"
            step="0.01"
            min={0}
            error={err('letter_of_credit')}
            {...register('letter_of_credit' as never)}
          />
          <TextInput
            label={t('leases.fields.percentage_rent_breakpoint')}
            type="number"
            step="0.01"
            min={0}
            error={err('percentage_rent_breakpoint')}
            {...register('percentage_rent_breakpoint' as never)}
          />
          <TextInput
            label={t('leases.fields.percentage_rent_rate')}
            type="number"
            step="0.01"
            min={0}
            error={err('percentage_rent_rate')}
            {...register('percentage_rent_rate' as never)}
          />
        </FormGrid>
        {lease && (
          <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
            {t('leases.fields.annual_rent')}:{' '}
            <span className="font-semibold text-gray-900 dark:text-white">
              {formatUsd(lease.annual_rent)}
            </span>
          </p>
        )}
      </Card>

      <AttributeFields
        definitions={attributes}
        register={register as never}
        control={control as never}
        errors={errors as never}
      />

      <FormActions
        cancelTo={lease ? `/leases/${lease.id}` : '/leases'}
        cancelLabel={t('common.cancel')}
        saving={save.isPending}
        submitLabel={lease ? t('records.form.saveChanges') : t('leases.create')}
      />
      {children}
      {dialog}
      <EscalateDialog
        key={String(escalating)}
        open={escalating}
        onClose={() => setEscalating(false)}
        form={form}
        onRows={(rows) => rent.replace(rows)}
      />
    </form>
  );
}
