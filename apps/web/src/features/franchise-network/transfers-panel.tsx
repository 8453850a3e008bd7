import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TRANSFER_ACTIONS,
  type Agreement,
  type AgreementTransfers,
  type Transfer,
  type TransferAction,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  Skeleton,
  Table,
  TextInput,
  type Column,
} from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import { RecordPicker } from '../records/record-picker';
import { can } from '../auth/permissions';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';

const base = (agreementId: number) => `/agreements/${agreementId}/transfers`;

/** A completed transfer changes the agreement, its stores and their history: all of them are refetched. */
function refreshAfter(agreementId: number) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.agreementTransfers(agreementId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.all('agreements') });
  void queryClient.invalidateQueries({ queryKey: queryKeys.all('stores') });
}

/** The agreement page's Transfers section: the request form, each transfer's steps and its next actions. */
export default function TransfersPanel({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const transfers = useQuery({
    queryKey: queryKeys.agreementTransfers(agreement.id),
    queryFn: ({ signal }) =>
      api.get<{ data: AgreementTransfers }>(base(agreement.id), { signal }).then((body) => body.data),
  });
  let body;
  if (transfers.isError)
    body = (
      <Alert type="error" title={t('transfers.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  else if (transfers.isPending) body = <Skeleton className="h-40 w-full" />;
  else
    body = (
      <div className="space-y-6">
        <TransferTable agreementId={agreement.id} transfers={transfers.data.transfers} />
        {can(transfers.data.abilities, 'request') && <RequestForm agreement={agreement} />}
      </div>
    );
  return (
    <Card id="transfers" title={t('transfers.title')} description={t('transfers.intro')}>
      {body}
    </Card>
  );
}

function TransferTable({ agreementId, transfers }: { agreementId: number; transfers: Transfer[] }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ transfer: Transfer; action: TransferAction } | null>(null);
  const decide = useMutation({
    mutationFn: ({ transfer, action }: { transfer: Transfer; action: TransferAction }) =>
      api.post<{ data: Transfer }>(`${base(agreementId)}/${transfer.id}/${action}`, {}),
    onSuccess: (_saved, { action }) => {
      toast.success(t(`transfers.done.${action}`));
      setPending(null);
      refreshAfter(agreementId);
    },
    onError: () => setPending(null),
  });
  const company = (transfer: Transfer, which: 'from_company' | 'to_company') =>
    transfer[which]?.name ?? t('transfers.unknownCompany');
  const columns: Column<Transfer>[] = [
    { key: 'from', header: t('transfers.from'), cell: (row) => company(row, 'from_company') },
    { key: 'to', header: t('transfers.to'), cell: (row) => company(row, 'to_company') },
    { key: 'fee', header: t('transfers.fee'), cell: (row) => formatUsd(row.fee), className: 'tabular-nums' },
    { key: 'effective', header: t('transfers.effective'), cell: (row) => formatDay(row.effective_date) },
    {
      key: 'steps',
      header: t('transfers.steps'),
      cell: (row) => (
        <ul className="space-y-0.5">
          {row.steps.map((step) => (
            <li key={step.status}>
              {t(step.by ? 'transfers.step' : 'transfers.stepNoName', {
                status: t(`transfers.statuses.${step.status}`),
                date: formatDay(step.at.slice(0, 10)),
                name: step.by?.name,
              })}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'actions',
      header: t('transfers.actions'),
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          {TRANSFER_ACTIONS.filter((action) => can(row.abilities, action)).map((action) => (
            <Button
              key={action}
              color={action === 'reject' ? 'white' : 'blue'}
              onClick={() => setPending({ transfer: row, action })}
            >
              {t(`transfers.${action}`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];
  if (!transfers.length)
    return <p className="text-sm text-gray-500 dark:text-gray-400">{t('transfers.none')}</p>;
  const target = pending ? company(pending.transfer, 'to_company') : '';
  return (
    <>
      <Table columns={columns} rows={transfers} rowKey={(row) => row.id} caption={t('transfers.title')} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`transfers.confirm.${pending.action}`, { company: target }) : ''}
        message={
          pending
            ? t(`transfers.confirm.${pending.action}Text`, {
                company: target,
                date: formatDay(pending.transfer.effective_date),
              })
            : ''
        }
        confirmLabel={pending ? t(`transfers.${pending.action}`) : ''}
        cancelLabel={t('common.cancel')}
        color={pending?.action === 'reject' ? 'red' : 'blue'}
        loading={decide.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && decide.mutate(pending)}
      />
    </>
  );
}

function RequestForm({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const [company, setCompany] = useState<{ id: number; name: string } | null>(null);
  const [fee, setFee] = useState(agreement.transfer_fee === null ? '' : String(agreement.transfer_fee));
  const [effective, setEffective] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const request = useMutation({
    mutationFn: (input: Record<string, unknown>) => api.post<{ data: Transfer }>(base(agreement.id), input),
    meta: { form: true },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await request.mutateAsync({ to_company_id: company?.id ?? null, fee, effective_date: effective, note });
      toast.success(t('transfers.requested'));
      setCompany(null);
      setEffective('');
      setNote('');
      refreshAfter(agreement.id);
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  const field = (name: string) => t(`transfers.fields.${name}`);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 border-t border-gray-100 pt-4 dark:border-gray-800"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <RecordPicker
          type="companies"
          label={field('to_company_id')}
          value={company}
          onChange={(value) => setCompany(value)}
          error={errors.to_company_id}
          required
        />
        <TextInput
          label={field('fee')}
          inputMode="decimal"
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          error={errors.fee}
        />
        <TextInput
          label={field('effective_date')}
          type="date"
          value={effective}
          onChange={(event) => setEffective(event.target.value)}
          error={errors.effective_date}
        />
        <TextInput
          label={field('note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
        />
      </div>
      <Button type="submit" loading={request.isPending}>
        {t('transfers.request')}
      </Button>
    </form>
  );
}
