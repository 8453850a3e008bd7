import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  POOLINGS,
  TIER_BASES,
  TIER_YEARS,
  type InvoicingSettings,
  type RecordRef,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Checkbox, Dialog, FormActions, Select, TextInput } from '../../components/ui';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';
import { RecordPicker } from '../records/record-picker';

export const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MAX_FEES = 10;

/**
 * A typed number as the API reads it: blank is none, a number is sent as one, and anything else is sent as typed
 * so the API's 422 names the field (a JSON NaN would arrive as null and silently clear it).
 */
const numberOrText = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
};

type Fee = { label: string; amount: string };

/**
 * Edits one row of the invoicing rules, whole: the team's default (`settings.brand` null), a brand's own, or
 * (`settings` null) a brand that has none yet, picked here. Saved with PUT; the next invoice run uses it.
 */
export function InvoicingSettingsDialog({
  settings,
  base,
  onClose,
}: {
  settings: InvoicingSettings | null;
  /** The rules a new brand row starts from: the team's default. */
  base: InvoicingSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const from = settings ?? base;
  const [brand, setBrand] = useState<RecordRef>(settings?.brand ?? null);
  const [tierBasis, setTierBasis] = useState(from.tier_basis);
  const [tierYear, setTierYear] = useState(from.tier_year);
  const [pooling, setPooling] = useState(from.pooling);
  const [cap, setCap] = useState(from.cap === null ? '' : String(from.cap));
  const [capIncludesMarketing, setCapIncludesMarketing] = useState(from.cap_includes_marketing);
  const [fees, setFees] = useState<Fee[]>(
    from.other_fees.map((f) => ({ label: f.label, amount: f.amount.toFixed(2) })),
  );
  const [terms, setTerms] = useState(String(from.payment_terms_days));
  const [weekday, setWeekday] = useState(String(from.weekly_due_weekday));
  const [monthlyDay, setMonthlyDay] = useState(String(from.monthly_due_day));
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useMutation({
    mutationFn: ({ brandId, body }: { brandId: number | null; body: Record<string, unknown> }) =>
      api.put<{ data: InvoicingSettings }>(
        brandId === null ? '/invoicing/settings' : `/invoicing/settings/brands/${brandId}`,
        body,
      ),
    meta: { form: true },
    onSuccess: () => invalidateAfterWrite(queryKeys.all('invoices')),
  });
  const isTeamDefault = settings !== null && settings.brand === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!isTeamDefault && !brand) {
      setErrors({ brand: t('collections.settings.brandRequired') });
      return;
    }
    try {
      await save.mutateAsync({
        brandId: isTeamDefault ? null : brand!.id,
        body: {
          tier_basis: tierBasis,
          tier_year: tierYear,
          pooling,
          cap: numberOrText(cap),
          cap_includes_marketing: capIncludesMarketing,
          other_fees: fees.map((f) => ({ label: f.label, amount: numberOrText(f.amount) })),
          payment_terms_days: numberOrText(terms),
          weekly_due_weekday: Number(weekday),
          monthly_due_day: numberOrText(monthlyDay),
        },
      });
      toast.success(
        isTeamDefault
          ? t('collections.settings.savedDefault')
          : t('collections.settings.savedBrand', { name: brand!.name }),
      );
      onClose();
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  const setFee = (index: number, change: Partial<Fee>) =>
    setFees((list) => list.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const s = (key: string, options?: Record<string, unknown>) => t(`collections.settings.${key}`, options);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={
        isTeamDefault
          ? s('editDefault')
          : settings?.brand
            ? s('editBrand', { name: settings.brand.name })
            : s('addBrand')
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.other_fees && <Alert type="error">{errors.other_fees}</Alert>}
        {settings === null && (
          <RecordPicker
            type="brands"
            label={s('brand')}
            value={brand}
            onChange={setBrand}
            error={errors.brand}
            required
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={s('tierBasis')}
            value={tierBasis}
            onChange={(event) => setTierBasis(event.target.value as InvoicingSettings['tier_basis'])}
            error={errors.tier_basis}
            options={TIER_BASES.map((value) => ({ value, label: s(`tierBases.${value}`) }))}
          />
          {/* Which year the tiers reset on matters only for year-to-date tiers. */}
          {tierBasis === 'year_to_date' && (
            <Select
              label={s('tierYearField')}
              value={tierYear}
              onChange={(event) => setTierYear(event.target.value as InvoicingSettings['tier_year'])}
              error={errors.tier_year}
              options={TIER_YEARS.map((value) => ({ value, label: s(`tierYears.${value}`) }))}
            />
          )}
          <Select
            label={s('pooling')}
            value={pooling}
            onChange={(event) => setPooling(event.target.value as InvoicingSettings['pooling'])}
            error={errors.pooling}
            hint={s(`poolingHints.${pooling}`)}
            options={POOLINGS.map((value) => ({ value, label: s(`poolings.${value}`) }))}
          />
          <TextInput
            label={s('capField')}
            inputMode="decimal"
            value={cap}
            hint={s('capHint')}
            onChange={(event) => setCap(event.target.value)}
            error={errors.cap}
          />
          <Checkbox
            className="sm:pt-7"
            label={s('capIncludesMarketing')}
            checked={capIncludesMarketing}
            onChange={(event) => setCapIncludesMarketing(event.target.checked)}
          />
          <TextInput
            label={s('termsField')}
            inputMode="numeric"
            value={terms}
            onChange={(event) => setTerms(event.target.value)}
            error={errors.payment_terms_days}
          />
          <Select
            label={s('weekdayField')}
            value={weekday}
            onChange={(event) => setWeekday(event.target.value)}
            error={errors.weekly_due_weekday}
            options={WEEKDAYS.slice(1).map((label, i) => ({ value: String(i + 1), label }))}
          />
          <TextInput
            label={s('monthlyDayField')}
            inputMode="numeric"
            value={monthlyDay}
            hint={s('monthlyDayHint')}
            onChange={(event) => setMonthlyDay(event.target.value)}
            error={errors.monthly_due_day}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900 dark:text-white">{s('fees')}</legend>
          <p className="text-sm text-gray-600 dark:text-gray-400">{s('feesHint')}</p>
          {fees.map((fee, i) => (
            <div key={i} className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]">
              <TextInput
                label={s('feeLabel', { number: i + 1 })}
                value={fee.label}
                onChange={(event) => setFee(i, { label: event.target.value })}
                error={errors[`other_fees.${i}.label`]}
              />
              <TextInput
                label={s('feeAmount', { number: i + 1 })}
                inputMode="decimal"
                value={fee.amount}
                onChange={(event) => setFee(i, { amount: event.target.value })}
                error={errors[`other_fees.${i}.amount`]}
              />
              <Button
                type="button"
                color="white"
                className="sm:mt-7"
                onClick={() => setFees((list) => list.filter((_, j) => j !== i))}
                aria-label={s('removeFee', { number: i + 1 })}
              >
                {s('remove')}
              </Button>
            </div>
          ))}
          {fees.length < MAX_FEES && (
            <Button
              type="button"
              color="white"
              onClick={() => setFees((list) => [...list, { label: '', amount: '' }])}
            >
              {s('addFee')}
            </Button>
          )}
        </fieldset>
        <FormActions
          onCancel={onClose}
          cancelLabel={t('common.cancel')}
          saving={save.isPending}
          submitLabel={s('save')}
        />
      </form>
    </Dialog>
  );
}
