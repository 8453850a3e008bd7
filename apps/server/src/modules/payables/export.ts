import type { Payable } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { Fixed, type Cell, type TabularFile, type TabularFormat } from '../../platform/tabular';
import { payablesToExport } from './service';

const HEADER = [
  'Payable',
  'Status',
  'Due date',
  'Payee',
  'Remittance',
  'Lease',
  'Store',
  'Kind',
  'Service from',
  'Service to',
  'Scheduled',
  'Invoice',
  'Invoice number',
  'Invoice date',
  'Variance',
  'Amount to pay',
  'Approved by',
  'Approved at',
  'Paid at',
  'Payment reference',
  'Note',
];

const money = (dollars: number | null) => (dollars === null ? null : new Fixed(dollars));

function row(p: Payable): Cell[] {
  return [
    p.id,
    p.status,
    p.due_date,
    p.payee?.name ?? '',
    p.remittance ?? '',
    p.lease.reference ?? `#${p.lease.id}`,
    p.store.name,
    p.kind === 'charge' ? `charge: ${p.charge_kind}` : p.kind,
    p.service_start,
    p.service_end,
    money(p.scheduled_amount),
    money(p.invoice_amount),
    p.invoice_number ?? '',
    p.invoice_date ?? '',
    money(p.variance),
    money(p.amount_to_pay),
    p.approved_by?.name ?? '',
    p.approved_at ?? '',
    p.paid_at ?? '',
    p.paid_reference ?? '',
    p.note ?? '',
  ];
}

/** The accounts-payable file of one period: every line not voided, with its payee, remittance and state. */
export async function payablesExport(
  deps: Deps,
  actor: Actor,
  period: string,
  format: TabularFormat,
): Promise<TabularFile> {
  const data = await payablesToExport(deps, actor, period);
  return {
    format,
    name: `payables-${period}`,
    rows: (async function* () {
      yield HEADER;
      for (const payable of data) yield row(payable);
    })(),
  };
}
