import { useTranslation } from 'react-i18next';
import type { Agreement, AgreementListItem, Lease, LeaseListItem } from '@storekeep/contracts';
import { Badge, type BadgeColor, type DataColumn } from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import { RefLink } from '../records/display';

const dash = <span className="text-gray-400">—</span>;
const day = (value: string | null) => (value ? formatDay(value) : dash);

const LEASE_COLORS: Record<Lease['status'], BadgeColor> = {
  draft: 'gray',
  active: 'green',
  holdover: 'yellow',
  expired: 'red',
  terminated: 'red',
};
const AGREEMENT_COLORS: Record<Agreement['status'], BadgeColor> = {
  in_development: 'yellow',
  open: 'green',
  terminated: 'red',
  expired: 'red',
  corporate: 'blue',
};

export function LeaseStatusBadge({ status }: { status: Lease['status'] }) {
  const { t } = useTranslation();
  return <Badge color={LEASE_COLORS[status]}>{t(`leases.statuses.${status}`)}</Badge>;
}

export function AgreementStatusBadge({ status }: { status: Agreement['status'] }) {
  const { t } = useTranslation();
  return <Badge color={AGREEMENT_COLORS[status]}>{t(`agreements.statuses.${status}`)}</Badge>;
}

export function useLeaseColumns(): DataColumn<LeaseListItem>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'store',
      header: t('leases.fields.store'),
      cell: (l) => <RefLink type="stores" value={l.store} />,
    },
    {
      key: 'reference',
      header: t('leases.fields.reference'),
      sortField: 'reference',
      cell: (l) => l.reference ?? dash,
    },
    {
      key: 'status',
      header: t('leases.fields.status'),
      sortField: 'status',
      cell: (l) => <LeaseStatusBadge status={l.status} />,
    },
    {
      key: 'type',
      header: t('leases.fields.type'),
      cell: (l) => t(`leases.types.${l.type}`),
      hideOnMobile: true,
    },
    {
      key: 'commencement_date',
      header: t('leases.fields.commencement_date'),
      sortField: 'commencement_date',
      cell: (l) => day(l.commencement_date),
      hideOnMobile: true,
      className: 'whitespace-nowrap',
    },
    {
      key: 'expiration_date',
      header: t('leases.fields.expiration_date'),
      sortField: 'expiration_date',
      cell: (l) => day(l.expiration_date),
      className: 'whitespace-nowrap',
    },
    {
      key: 'annual_rent',
      header: t('leases.fields.annual_rent'),
      cell: (l) => formatUsd(l.annual_rent),
      className: 'whitespace-nowrap text-right tabular-nums',
    },
    {
      key: 'next_deadline',
      header: t('leases.fields.next_deadline'),
      cell: (l) => day(l.next_deadline),
      hideOnMobile: true,
      className: 'whitespace-nowrap',
    },
  ];
}

export function useAgreementColumns(): DataColumn<AgreementListItem>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'agreement_number',
      header: t('agreements.fields.agreement_number'),
      sortField: 'agreement_number',
      cell: (a) => a.agreement_number ?? `#${a.id}`,
    },
    {
      key: 'brand',
      header: t('agreements.fields.brand'),
      cell: (a) => <RefLink type="brands" value={a.brand} />,
    },
    {
      key: 'franchisee',
      header: t('agreements.fields.franchisee'),
      cell: (a) => <RefLink type="companies" value={a.franchisee} />,
      hideOnMobile: true,
    },
    {
      key: 'status',
      header: t('agreements.fields.status'),
      sortField: 'status',
      cell: (a) => <AgreementStatusBadge status={a.status} />,
    },
    {
      key: 'type',
      header: t('agreements.fields.type'),
      cell: (a) => t(`agreements.types.${a.type}`),
      hideOnMobile: true,
    },
    {
      key: 'stores',
      header: t('agreements.fields.stores'),
      cell: (a) => (a.stores.length ? a.stores.map((s) => s.name).join(', ') : dash),
      hideOnMobile: true,
    },
    {
      key: 'expiration_date',
      header: t('agreements.fields.expiration_date'),
      sortField: 'expiration_date',
      cell: (a) => day(a.expiration_date),
      className: 'whitespace-nowrap',
    },
  ];
}
