import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { brandInputSchema, TOAST_TIMEOUT_MS, type Attribute, type Brand } from '@storekeep/contracts';
import { Dialog, FormActions, Skeleton, Textarea, TextInput } from '../../components/ui';
import {
  AttributeFields,
  attributeFieldPaths,
  attributeFormValues,
  withAttributeRules,
} from '../attributes/attribute-fields';
import { useAttributes } from '../attributes/queries';
import { applyServerErrors } from '../../lib/form-errors';
import { PickerField } from './form-fields';
import { toFormValues } from './form-values';
import { useSaveRecord } from './queries';

const BRAND_FIELDS = ['name', 'company_id', 'website', 'description'] as const;

type BrandDialogProps = {
  open: boolean;
  onClose: () => void;
  brand?: Brand;
  onSaved?: (brand: Brand) => void;
};

/** Brands are created and edited in a dialog (from /brands and /brands/:id) rather than on pages of their own. */
export function BrandDialog({ open, onClose, brand, onSaved }: BrandDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={brand ? t('records.form.editTitle', { name: brand.name }) : t('records.brands.create')}
      size="lg"
    >
      {open && <BrandFormLoader brand={brand} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

/** The form's schema and fields come from the team's brand attributes, so it waits for them. */
function BrandFormLoader(props: Omit<BrandDialogProps, 'open'>) {
  const attributes = useAttributes('brands');
  if (!attributes.data) return <Skeleton className="h-64 w-full" />;
  return <BrandForm {...props} attributes={attributes.data} />;
}

function BrandForm({
  brand,
  onClose,
  onSaved,
  attributes,
}: Omit<BrandDialogProps, 'open'> & { attributes: Attribute[] }) {
  const { t } = useTranslation();
  const save = useSaveRecord('brands', brand?.id);
  const defaults = toFormValues(brand, BRAND_FIELDS, { company_id: 'company' });
  defaults.attributes = attributeFormValues(attributes, brand?.attributes);
  const form = useForm({
    resolver: zodResolver(withAttributeRules(brandInputSchema, attributes)),
    defaultValues: defaults as never,
  });
  const { register, control, formState, setError } = form;
  const error = (field: (typeof BRAND_FIELDS)[number]) =>
    formState.errors[field]?.message as string | undefined;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(brand ? 'records.form.updated' : 'records.form.created', { name: saved.name }), {
          duration: TOAST_TIMEOUT_MS,
        });
        onSaved?.(saved);
        onClose();
      },
      onError: (failure) =>
        applyServerErrors(failure, setError, [...BRAND_FIELDS, ...attributeFieldPaths(attributes)] as never),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextInput
        label={t('records.fields.name')}
        required
        data-autofocus
        error={error('name')}
        {...register('name')}
      />
      <PickerField
        control={control}
        name="company_id"
        type="companies"
        label={t('records.fields.company')}
        initial={brand?.company ?? null}
        allowCreate
      />
      <TextInput
        label={t('records.fields.website')}
        inputMode="url"
        autoComplete="url"
        placeholder="example.com"
        error={error('website')}
        {...register('website')}
      />
      <Textarea
        label={t('records.fields.description')}
        rows={3}
        error={error('description')}
        {...register('description')}
      />
      <AttributeFields
        definitions={attributes}
        register={register}
        control={control}
        errors={formState.errors}
      />
      <FormActions
        onCancel={onClose}
        cancelLabel={t('common.cancel')}
        saving={save.isPending}
        submitLabel={brand ? t('records.form.saveChanges') : t('records.brands.create')}
        className="mt-1"
      />
    </form>
  );
}
