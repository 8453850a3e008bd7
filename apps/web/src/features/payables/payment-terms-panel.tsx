import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PAYABLE_FREQUENCIES,
  PAYABLE_PERIODS,
  PAYABLE_TIMINGS,
  type Lease,
  type PaymentTerms,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Select, Skeleton, Textarea, TextInput } from '../../components/ui';
import { can } from '../auth/permissions';
import { Figure, TermsForm } from '../leases/terms-form';

function usePaymentTerms(leaseId: number) {
  return useQuery({
    queryKey: queryKeys.leasePaymentTerms(leaseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PaymentTerms }>(`/leases/${leaseId}/payment-terms`, { signal })
        .then((body) => body.data),
  });
}

function useSavePaymentTerms(leaseId: number) {
  return useMutation({
    // The form's text goes as typed: the server parses it and answers each field's mistake.
    mutationFn: (input: Record<string, string>) =>
      api.put<{ data: PaymentTerms }>(`/leases/${leaseId}/payment-terms`, input).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leasePaymentTerms(leaseId), saved);
      // Scheduled lines follow the terms at the next generation; the remittance shows on every line at once.
      void invalidateAfterWrite(queryKeys.all('payables'));
    },
    meta: { form: true },
  });
}

/** The lease page's Payment terms tab: how the lease's rent payables are billed, when they fall due, where to pay. */
export default function PaymentTermsPanel({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const terms = usePaymentTerms(lease.id);
  if (terms.isError)
    return (
      <Alert type="error" title={t('paymentTermsTab.loadFailed')}>
        {t('paymentTermsTab.tryAgain')}
      </Alert>
    );
  if (terms.isPending) return <Skeleton className="h-96 w-full" />;
  return <TermsCard key={terms.dataUpdatedAt} leaseId={lease.id} data={terms.data} />;
}

function TermsCard({ leaseId, data }: { leaseId: number; data: PaymentTerms }) {
  const { t } = useTranslation();
  const save = useSavePaymentTerms(leaseId);
  const [frequency, setFrequency] = useState<string>(data.frequency);
  const [timing, setTiming] = useState<string>(data.timing);
  const [dueDay, setDueDay] = useState(String(data.due_day));
  const [periods, setPeriods] = useState<string>(data.periods);
  const [remittance, setRemittance] = useState(data.remittance ?? '');
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`paymentTermsTab.${group}.${value}`) }));

  return (
    <TermsForm
      title={t('paymentTermsTab.terms')}
      description={t('paymentTermsTab.termsIntro')}
      editable={can(data.abilities, 'update')}
      save={save}
      input={() => ({ frequency, timing, due_day: dueDay, periods, remittance })}
      saveLabel={t('paymentTermsTab.save')}
      savedMessage={t('paymentTermsTab.saved')}
      readOnlyNote={t('paymentTermsTab.readOnly')}
    >
      {(errors) => (
        <>
          <dl className="text-sm">
            <Figure
              label={t('paymentTermsTab.reading')}
              value={data.reading}
              note={data.saved ? undefined : t('paymentTermsTab.defaults')}
            />
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label={t('paymentTermsTab.fields.frequency')}
              value={frequency}
              onChange={(event) => setFrequency(event.target.value)}
              options={options(PAYABLE_FREQUENCIES, 'frequency')}
              error={errors.frequency}
            />
            <Select
              label={t('paymentTermsTab.fields.timing')}
              value={timing}
              onChange={(event) => setTiming(event.target.value)}
              options={options(PAYABLE_TIMINGS, 'timing')}
              error={errors.timing}
            />
            <TextInput
              label={t('paymentTermsTab.fields.due_day')}
              inputMode="numeric"
              value={dueDay}
              onChange={(event) => setDueDay(event.target.value)}
              hint={t('paymentTermsTab.dueDayHint')}
              error={errors.due_day}
            />
            <Select
              label={t('paymentTermsTab.fields.periods')}
              value={periods}
              onChange={(event) => setPeriods(event.target.value)}
              options={options(PAYABLE_PERIODS, 'periods')}
              error={errors.periods}
            />
          </div>
          <Textarea
            label={t('paymentTermsTab.fields.remittance')}
            value={remittance}
            onChange={(event) => setRemittance(event.target.value)}
            hint={t('paymentTermsTab.remittanceHint')}
            error={errors.remittance}
            rows={3}
          />
          <p className="text-sm">
            {/* min-h-11: a 44 px tap target on a phone. */}
            <Link
              to="/payables"
              className="inline-flex min-h-11 items-center font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              {t('paymentTermsTab.toPayables')} →
            </Link>
          </p>
        </>
      )}
    </TermsForm>
  );
}
