import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_DAY_RULES,
  DATE_ANCHORS,
  DEFAULT_HOLIDAY_CALENDAR,
  describeComputedDate,
  noticeRuleSchema,
  OFFSET_DIRECTIONS,
  OFFSET_UNITS,
  optionNoticeWindows,
  type NoticeRule,
} from '@storekeep/contracts';
import { Checkbox, Select, TextInput } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { fieldError } from './form-parts';

/** A rule bound as the form holds it: strings for the inputs. */
export type DateRuleForm = {
  amount: string;
  unit: string;
  direction: string;
  anchor: string;
  fixed_date: string;
  term_month: string;
};
export type NoticeForm = {
  earliest: DateRuleForm | null;
  latest: DateRuleForm;
  business_day: string;
  day_count: string;
  lease_months: string;
};

export const blankBound = (amount: string, unit = 'months'): DateRuleForm => ({
  amount,
  unit,
  direction: 'before',
  anchor: 'term_end',
  fixed_date: '',
  term_month: '',
});

export function noticeToForm(rule: NoticeRule | null | undefined): NoticeForm {
  const bound = (b: NoticeRule['latest']): DateRuleForm => ({
    amount: String(b.amount),
    unit: b.unit,
    direction: b.direction,
    anchor: b.anchor,
    fixed_date: b.fixed_date ?? '',
    term_month: b.term_month ? String(b.term_month) : '',
  });
  if (!rule)
    return {
      earliest: null,
      latest: blankBound('6'),
      business_day: 'none',
      day_count: 'exclusive',
      lease_months: 'anniversary',
    };
  return {
    earliest: rule.earliest ? bound(rule.earliest) : null,
    latest: bound(rule.latest),
    business_day: rule.business_day,
    day_count: rule.day_count ?? 'exclusive',
    lease_months: rule.lease_months ?? 'anniversary',
  };
}

type Form = UseFormReturn<never>;
const optionsOf = (values: readonly string[], prefix: string, t: (key: string) => string) =>
  values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

function Bound({ form, path, legend }: { form: Form; path: string; legend: string }) {
  const { t } = useTranslation();
  const t2 = t as unknown as (key: string) => string;
  const register = form.register as unknown as (name: string) => Record<string, unknown>;
  const err = (field: string) => fieldError(form.formState.errors as never, `${path}.${field}`);
  const anchor = useWatch({ control: form.control, name: `${path}.anchor` as never }) as unknown as string;
  return (
    <div className="grid gap-3 sm:col-span-4 sm:grid-cols-4" role="group" aria-label={legend}>
      <TextInput
        label={t('leases.notice.amount', { bound: legend })}
        type="number"
        min={0}
        error={err('amount')}
        {...register(`${path}.amount`)}
      />
      <Select
        label={t('leases.notice.unit')}
        options={optionsOf(OFFSET_UNITS, 'leases.notice.units', t2)}
        error={err('unit')}
        {...register(`${path}.unit`)}
      />
      <Select
        label={t('leases.notice.direction')}
        options={optionsOf(OFFSET_DIRECTIONS, 'leases.notice.directions', t2)}
        error={err('direction')}
        {...register(`${path}.direction`)}
      />
      <Select
        label={t('leases.notice.anchor')}
        options={optionsOf(DATE_ANCHORS, 'leases.notice.anchors', t2)}
        error={err('anchor')}
        {...register(`${path}.anchor`)}
      />
      {anchor === 'fixed_date' && (
        <TextInput
          label={t('leases.notice.fixed_date')}
          type="date"
          error={err('fixed_date')}
          {...register(`${path}.fixed_date`)}
        />
      )}
      {anchor === 'end_of_term_month' && (
        <TextInput
          label={t('leases.notice.term_month')}
          type="number"
          min={1}
          error={err('term_month')}
          {...register(`${path}.term_month`)}
        />
      )}
    </div>
  );
}

/**
 * The notice window of one option: when notice may be given at the earliest (optional) and at the
 * latest, what a weekend or holiday does, and a live preview of the windows the shared engine computes
 * from the lease's dates as typed, so the form and the server never disagree.
 */
export function OptionNoticeFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const t2 = t as unknown as (key: string) => string;
  const path = `options.${index}.notice`;
  const register = form.register as unknown as (name: string) => Record<string, unknown>;
  const setValue = form.setValue as unknown as (
    name: string,
    value: unknown,
    options?: { shouldDirty?: boolean },
  ) => void;
  const earliest = useWatch({
    control: form.control,
    name: `${path}.earliest` as never,
  }) as unknown as DateRuleForm | null;
  return (
    <>
      <div className="sm:col-span-4">
        <Checkbox
          label={t('leases.notice.hasEarliest')}
          checked={earliest !== null}
          onChange={(event) =>
            setValue(`${path}.earliest`, event.currentTarget.checked ? blankBound('12') : null, {
              shouldDirty: true,
            })
          }
        />
      </div>
      {earliest !== null && (
        <Bound form={form} path={`${path}.earliest`} legend={t('leases.notice.earliest')} />
      )}
      <Bound form={form} path={`${path}.latest`} legend={t('leases.notice.latest')} />
      <Select
        containerClassName="sm:col-span-2"
        label={t('leases.notice.business_day')}
        options={optionsOf(BUSINESS_DAY_RULES, 'leases.notice.businessDays', t2)}
        {...register(`${path}.business_day`)}
      />
      <NoticePreview form={form} index={index} />
    </>
  );
}

function NoticePreview({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const [commencement, rentCommencement, expiration, option] = useWatch({
    control: form.control,
    name: ['commencement_date', 'rent_commencement_date', 'expiration_date', `options.${index}`] as never,
  }) as unknown as [
    string,
    string,
    string,
    {
      kind: string;
      count: string;
      length_months: string;
      exercised_count?: number;
      status: string;
      notice: NoticeForm;
    },
  ];
  const parsed = noticeRuleSchema.safeParse(option?.notice);
  let lines: string[] = [];
  if (parsed.success) {
    const rule = parsed.data as NoticeRule;
    const dates = {
      commencement_date: commencement || null,
      rent_commencement_date: rentCommencement || null,
      expiration_date: expiration || null,
    };
    // The team's own closures are not known here: the preview rolls over US federal holidays, the server over the team's.
    const windows = optionNoticeWindows(
      {
        kind: option.kind,
        count: Number(option.count) || 1,
        length_months: Number(option.length_months) || null,
        notice: rule,
        notice_days: null,
        notice_from: 'expiration',
        status: option.status,
        exercised_count: option.exercised_count ?? 0,
      },
      dates,
      { calendar: DEFAULT_HOLIDAY_CALENDAR },
    ).map((w) => w.window);
    lines = windows.map((w, n) =>
      t('leases.notice.previewLine', {
        n: n + 1,
        range: w.earliest
          ? `${formatDay(w.earliest.date)} – ${formatDay(w.latest.date)}`
          : t('leases.notice.by', { date: formatDay(w.latest.date) }),
        why: describeComputedDate(w.latest),
      }),
    );
  }
  return (
    <div
      className="text-sm text-gray-600 sm:col-span-4 dark:text-gray-400"
      data-testid="option-preview"
      aria-live="polite"
    >
      {lines.length ? (
        <ul className="space-y-1">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        t('leases.notice.previewMissing')
      )}
    </div>
  );
}
