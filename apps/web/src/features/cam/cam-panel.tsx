import { useMutation, useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  CAM_CAP_METHODS,
  DAY_COUNTS,
  type CamReconciliation,
  type CamYear,
  type DocumentDto,
  type Lease,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Card, Select, Skeleton, TextInput } from '../../components/ui';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';
import { formatDay, formatUsd } from '../../lib/format';
import { can } from '../auth/permissions';
import { useApiList } from '../leases/api-list';
import { Figure, TermsForm } from '../leases/terms-form';
import { StatementImportDialog } from './statement-import';

function useCam(leaseId: number) {
  return useQuery({
    queryKey: queryKeys.leaseCam(leaseId),
    queryFn: ({ signal }) =>
      api.get<{ data: CamReconciliation }>(`/leases/${leaseId}/cam`, { signal }).then((body) => body.data),
  });
}

function useCamWrite(leaseId: number, path: '' | '/statements', method: 'put' | 'post') {
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api[method]<{ data: CamReconciliation }>(`/leases/${leaseId}/cam${path}`, input).then(
        (body) => body.data,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leaseCam(leaseId), saved);
      // The audit window is a reminder of the lease: its critical dates move with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.all('reminders') });
    },
    meta: { form: true },
  });
}

/** The lease page's CAM tab: the cap and audit terms, each lease year's reconciliation and statement entry. */
export default function CamPanel({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const cam = useCam(lease.id);
  if (cam.isError)
    return (
      <Alert type="error" title={t('camTab.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  if (cam.isPending) return <Skeleton className="h-96 w-full" />;
  const editable = can(cam.data.abilities, 'update');
  return (
    <div className="space-y-6">
      <TermsCard key={`terms-${cam.dataUpdatedAt}`} leaseId={lease.id} data={cam.data} editable={editable} />
      <YearsCard
        data={cam.data}
        action={
          editable && cam.data.years.length > 0 ? (
            <ImportButton leaseId={lease.id} years={cam.data.years} />
          ) : undefined
        }
      />
      {editable && cam.data.years.length > 0 && (
        <StatementCard key={`statement-${cam.dataUpdatedAt}`} leaseId={lease.id} years={cam.data.years} />
      )}
    </div>
  );
}

function TermsCard({
  leaseId,
  data,
  editable,
}: {
  leaseId: number;
  data: CamReconciliation;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useCamWrite(leaseId, '', 'put');
  const [cap, setCap] = useState(data.terms.cap_percent === null ? '' : String(data.terms.cap_percent));
  const [method, setMethod] = useState<string>(data.terms.cap_method);
  const [baseYear, setBaseYear] = useState(String(data.terms.base_year));
  const [auditDays, setAuditDays] = useState(
    data.terms.audit_days === null ? '' : String(data.terms.audit_days),
  );
  const [dayCount, setDayCount] = useState(
    data.terms.audit_day_count_source === 'lease' ? data.terms.audit_day_count : '',
  );

  return (
    <TermsForm
      title={t('camTab.terms')}
      description={t('camTab.termsIntro')}
      editable={editable}
      save={save}
      input={() => ({
        cap_percent: cap.trim() === '' ? null : cap,
        cap_method: method,
        base_year: baseYear,
        audit_days: auditDays.trim() === '' ? null : auditDays,
        audit_day_count: dayCount === '' ? null : dayCount,
      })}
      saveLabel={t('camTab.saveTerms')}
      savedMessage={t('camTab.termsSaved')}
      readOnlyNote={t('camTab.readOnly')}
    >
      {(errors) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t('camTab.fields.cap_percent')}
            inputMode="decimal"
            value={cap}
            onChange={(event) => setCap(event.target.value)}
            error={errors.cap_percent}
          />
          <Select
            label={t('camTab.fields.cap_method')}
            value={method}
            onChange={(event) => setMethod(event.target.value)}
            options={CAM_CAP_METHODS.map((value) => ({ value, label: t(`camTab.method.${value}`) }))}
            error={errors.cap_method}
          />
          <TextInput
            label={t('camTab.fields.base_year')}
            inputMode="numeric"
            value={baseYear}
            onChange={(event) => setBaseYear(event.target.value)}
            error={errors.base_year}
          />
          <TextInput
            label={t('camTab.fields.audit_days')}
            inputMode="numeric"
            value={auditDays}
            onChange={(event) => setAuditDays(event.target.value)}
            error={errors.audit_days}
          />
          <Select
            label={t('camTab.fields.audit_day_count')}
            value={dayCount}
            onChange={(event) => setDayCount(event.target.value)}
            options={[
              {
                value: '',
                label: t('camTab.teamDefault', {
                  reading: t(
                    `camTab.dayCount.${data.terms.audit_day_count_source === 'team' ? data.terms.audit_day_count : 'unknown'}`,
                  ),
                }),
              },
              ...DAY_COUNTS.map((value) => ({ value, label: t(`camTab.dayCount.${value}`) })),
            ]}
            hint={t('camTab.dayCountHint')}
            error={errors.audit_day_count}
          />
        </div>
      )}
    </TermsForm>
  );
}

function ImportButton({ leaseId, years }: { leaseId: number; years: CamYear[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="white" onClick={() => setOpen(true)}>
        <Upload className="size-4" aria-hidden="true" />
        {t('camTab.import.open')}
      </Button>
      <StatementImportDialog leaseId={leaseId} years={years} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function YearsCard({ data, action }: { data: CamReconciliation; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={t('camTab.years')} description={t('camTab.yearsIntro')}>
      {action && <div className="mb-4">{action}</div>}
      {data.years.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('camTab.noYears')}</p>
      ) : (
        <ol className="space-y-4">
          {data.years.map((year) => (
            <YearItem key={year.lease_year} year={year} terms={data.terms} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function YearItem({ year, terms }: { year: CamYear; terms: CamReconciliation['terms'] }) {
  const { t } = useTranslation();
  const money = (value: number | null) => (value === null ? '—' : formatUsd(value));
  const label = t('camTab.yearLabel', { number: year.lease_year });
  return (
    <li aria-label={label} className="rounded-md border border-gray-200 p-4 dark:border-gray-700">
      <h3 className="font-semibold text-gray-900 dark:text-white">
        {label}{' '}
        <span className="font-normal text-gray-600 dark:text-gray-400">
          {formatDay(year.start)} – {formatDay(year.end)}
        </span>
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t('camTab.estimatesPaid')}
          value={formatUsd(year.estimates_paid)}
          note={t(`camTab.basis.${year.estimates_basis}`)}
        />
        <Figure
          label={t('camTab.actual')}
          value={year.statement ? formatUsd(year.statement.actual) : t('camTab.noStatement')}
          note={
            year.statement?.controllable != null
              ? t('camTab.controllable', { amount: formatUsd(year.statement.controllable) })
              : undefined
          }
        />
        <Figure
          label={t('camTab.cap')}
          value={year.cap_limit === null ? t('camTab.noCap') : formatUsd(year.cap_limit)}
          note={year.over_cap > 0 ? t('camTab.overCap', { amount: formatUsd(year.over_cap) }) : undefined}
        />
        <Figure label={t('camTab.billable')} value={money(year.billable)} />
        <Figure
          label={t('camTab.variance')}
          value={money(year.variance)}
          note={
            year.variance === null || year.variance === 0
              ? undefined
              : t(year.variance > 0 ? 'camTab.tenantOwes' : 'camTab.landlordRefunds')
          }
        />
        {year.statement && (
          <Figure label={t('camTab.receivedOn')} value={formatDay(year.statement.received_on)} />
        )}
        <Figure
          label={t('camTab.auditDeadline')}
          value={year.audit_deadline === null ? '—' : formatDay(year.audit_deadline)}
          note={
            year.audit_deadline === null
              ? undefined
              : t(`camTab.counting.${terms.audit_day_count_source}`, {
                  reading: t(`camTab.dayCount.${terms.audit_day_count}`),
                })
          }
        />
        {year.statement?.document && (
          <div>
            <dt className="text-gray-600 dark:text-gray-400">{t('camTab.document')}</dt>
            <dd>
              <Link
                to={`/documents?document=${year.statement.document.id}`}
                className="font-medium text-blue-600 hover:underline dark:text-blue-400"
              >
                {year.statement.document.title}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      {year.statement && year.statement.lines.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-gray-700 dark:text-gray-300">
            {t('camTab.lines', { count: year.statement.lines.length })}
          </summary>
          <ul className="mt-2 divide-y divide-gray-100 dark:divide-gray-800">
            {year.statement.lines.map((line) => (
              <li key={line.category} className="flex justify-between gap-4 py-1">
                <span className="text-gray-700 dark:text-gray-300">
                  {line.label}
                  {line.controllable && (
                    <span className="ml-2 text-xs text-gray-500 dark:text-gray-400">
                      {t('camTab.controllableLine')}
                    </span>
                  )}
                </span>
                <span className="tabular-nums">{formatUsd(line.amount)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function StatementCard({ leaseId, years }: { leaseId: number; years: CamYear[] }) {
  const { t } = useTranslation();
  const save = useCamWrite(leaseId, '/statements', 'post');
  const documents = useApiList<DocumentDto>(`leases/${leaseId}/documents`, { per_page: 100 });
  const [values, setValues] = useState({
    lease_year: String(years.at(-1)!.lease_year),
    actual: '',
    controllable: '',
    estimates_paid: '',
    received_on: '',
    document_id: '',
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);
    try {
      await save.mutateAsync({
        lease_year: values.lease_year,
        actual: values.actual,
        controllable: blankToUndefined(values.controllable),
        estimates_paid: blankToUndefined(values.estimates_paid),
        received_on: values.received_on,
        document_id: blankToUndefined(values.document_id),
      });
      toast.success(t('camTab.statementSaved'));
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  return (
    <Card title={t('camTab.statement')} description={t('camTab.statementIntro')}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t('camTab.fields.lease_year')}
            value={values.lease_year}
            onChange={set('lease_year')}
            options={years.map((year) => ({
              value: String(year.lease_year),
              label: t('camTab.yearLabel', { number: year.lease_year }),
            }))}
            error={errors.lease_year}
          />
          <TextInput
            type="date"
            label={t('camTab.fields.received_on')}
            value={values.received_on}
            onChange={set('received_on')}
            error={errors.received_on}
            required
          />
          <TextInput
            label={t('camTab.fields.actual')}
            inputMode="decimal"
            value={values.actual}
            onChange={set('actual')}
            error={errors.actual}
            required
          />
          <TextInput
            label={t('camTab.fields.controllable')}
            inputMode="decimal"
            value={values.controllable}
            onChange={set('controllable')}
            error={errors.controllable}
          />
          <TextInput
            label={t('camTab.fields.estimates_paid')}
            inputMode="decimal"
            value={values.estimates_paid}
            onChange={set('estimates_paid')}
            error={errors.estimates_paid}
            hint={t('camTab.estimatesHint')}
          />
          <Select
            label={t('camTab.fields.document_id')}
            value={values.document_id}
            onChange={set('document_id')}
            options={[
              { value: '', label: t('camTab.noDocument') },
              ...(documents.data?.data ?? []).map((document) => ({
                value: String(document.id),
                label: document.title,
              })),
            ]}
            error={errors.document_id}
          />
        </div>
        <Button type="submit" loading={save.isPending}>
          {t('camTab.saveStatement')}
        </Button>
      </form>
    </Card>
  );
}
