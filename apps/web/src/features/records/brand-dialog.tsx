import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { brandInputSchema, TOAST_TIMEOUT_MS, type Brand } from '@storekeep/contracts';
import { Button, Dialog, Textarea, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { PickerField, toFormValues } from './form-fields';
import { useSaveRecord } from './queries';

const BRAND_FIELDS = ['name', 'company_id', 'website', 'description'] as const;

type BrandDialogProps = { open: boolean; onClose: () => void; brand?: Brand; onSaved?: (brand: Brand) => void };

/** Brands are created and edited in a dialog (from /brands and /brands/:id) rather than on pages of their own. */
export function BrandDialog({ open, onClose, brand, onSaved }: BrandDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={brand ? t('records.form.editTitle', { name: brand.name }) : t('records.brands.create')} size="lg">
      {open && <BrandForm brand={brand} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function BrandForm({ brand, onClose, onSaved }: Omit<BrandDialogProps, 'open'>) {
  const { t } = useTranslation();
  const save = useSaveRecord('brands', brand?.id);
  const form = useForm({ resolver: zodResolver(brandInputSchema), defaultValues: toFormValues(brand, BRAND_FIELDS, { company_id: 'company' }) as never });
  const { register, control, formState, setError } = form;
  const error = (field: (typeof BRAND_FIELDS)[number]) => formState.errors[field]?.message as string | undefined;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(brand ? 'records.form.updated' : 'records.form.created', { name: saved.name }), { duration: TOAST_TIMEOUT_MS });
        onSaved?.(saved);
        onClose();
      },
      onError: (failure) => applyServerErrors(failure, setError, [...BRAND_FIELDS] as never),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextInput label={t('records.fields.name')} required data-autofocus error={error('name')} {...register('name')} />
      <PickerField control={control} name="company_id" type="companies" label={t('records.fields.company')} initial={brand?.company ?? null} allowCreate />
      <TextInput label={t('records.fields.website')} type="url" placeholder="https://" error={error('website')} {...register('website')} />
      <Textarea label={t('records.fields.description')} rows={3} error={error('description')} {...register('description')} />
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button color="white" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {brand ? t('records.form.saveChanges') : t('records.brands.create')}
        </Button>
      </div>
    </form>
  );
}
