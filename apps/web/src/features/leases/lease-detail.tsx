import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nextOptionDeadline, type Lease } from '@storekeep/contracts';
import { Badge, Table, type Column } from '../../components/ui';
import { formatCount, formatUsd } from '../../lib/format';
import { RefLink } from '../records/display';
import { Facts, type Row } from '../records/overview';
import { LeaseStatusBadge } from './columns';
import { ClauseDocuments, ClauseList, dash, dayOrDash, Deadline, orDash } from './detail-parts';
import { Section } from './detail-shell';
import { RecordDocumentsPanel } from '../documents/record-panel';
import { AttributeFacts } from '../attributes/attribute-facts';
import { LeaseHistory, LeaseOptions, RecordAmendment } from './option-panel';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';

type RentRow = Lease['rent_schedule'][number];
type ChargeRow = Lease['charges'][number];

const usd = (value: number | null) => (value === null ? null : formatUsd(value));
const percent = (value: number | null) => (value === null ? null : `${value}%`);
const sqft = (value: number | null) => (value === null ? null : formatCount(value));

/** Header facts of a lease: status, type, store, expiration and annual rent. */
export function LeaseFacts({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  return (
    <>
      <LeaseStatusBadge status={lease.status} />
      <span>{t(`leases.types.${lease.type}`)}</span>
      <RefLink type="stores" value={lease.store} />
      {lease.expiration_date && (
        <span>
          {t('leases.fields.expiration_date')}: <Deadline day={lease.expiration_date} />
        </span>
      )}
      <span>
        {t('leases.fields.annual_rent')}:{' '}
        <span className="font-semibold text-gray-900 dark:text-white">{formatUsd(lease.annual_rent)}</span>
        {lease.rent_basis !== 'scheduled' && (
          <span className="ml-1 text-gray-600 dark:text-gray-400">
            ({t(`leaseView.rentBasis.${lease.rent_basis}`, { rate: lease.holdover_rate ?? 100 })})
          </span>
        )}
      </span>
    </>
  );
}

/** Every section of a lease, read-only. */
export function LeaseSections({ lease }: { lease: Lease }) {
  const { t } = useTranslation();
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  const f = (field: string) => t(`leases.fields.${field}`);
  const parties: Row[] = [
    [f('store'), <RefLink key="store" type="stores" value={lease.store} />],
    [f('landlord'), lease.landlord && <RefLink type="companies" value={lease.landlord} />],
    [f('tenant'), lease.tenant && <RefLink type="companies" value={lease.tenant} />],
    [f('guarantor'), lease.guarantor && <RefLink type="companies" value={lease.guarantor} />],
    [f('guaranty_end_date'), lease.guaranty_end_date && <Deadline day={lease.guaranty_end_date} />],
    [f('broker'), lease.broker && <RefLink type="contacts" value={lease.broker} />],
    [
      f('property_manager'),
      lease.property_manager && <RefLink type="contacts" value={lease.property_manager} />,
    ],
    [f('reference'), lease.reference],
  ];
  const premises: Row[] = [
    [f('suite'), lease.suite],
    [f('permitted_use'), lease.permitted_use],
    [f('rentable_sqft'), sqft(lease.rentable_sqft)],
    [f('usable_sqft'), sqft(lease.usable_sqft)],
  ];
  const dates: Row[] = [
    [f('signed_date'), dayOrDash(lease.signed_date)],
    [f('possession_date'), dayOrDash(lease.possession_date)],
    [f('commencement_date'), dayOrDash(lease.commencement_date)],
    [f('rent_commencement_date'), dayOrDash(lease.rent_commencement_date)],
    [f('expiration_date'), <Deadline key="expiration" day={lease.expiration_date} />],
    [
      f('term'),
      lease.term_months === null ? null : t('leases.fields.termMonths', { count: lease.term_months }),
    ],
    [f('holdover_rate'), percent(lease.holdover_rate)],
    [f('free_rent_months'), lease.free_rent_months],
  ];
  const money: Row[] = [
    [f('security_deposit'), usd(lease.security_deposit)],
    [f('letter_of_credit'), usd(lease.letter_of_credit)],
    [f('percentage_rent_breakpoint'), usd(lease.percentage_rent_breakpoint)],
    [f('percentage_rent_rate'), percent(lease.percentage_rent_rate)],
  ];

  const rentColumns: Column<RentRow>[] = [
    // One period column: on a phone "start – end" wraps and the amount stays in view.
    {
      key: 'period',
      header: `${f('start_date')} – ${f('end_date')}`,
      cell: (row) => (
        <>
          <span className="whitespace-nowrap">{dayOrDash(row.start_date)}</span> –{' '}
          <span className="whitespace-nowrap">{dayOrDash(row.end_date)}</span>
        </>
      ),
    },
    {
      key: 'monthly',
      header: f('monthly_amount'),
      cell: (row) => orDash(usd(row.monthly_amount)),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      key: 'sqft',
      header: f('amount_per_sqft'),
      cell: (row) => orDash(usd(row.amount_per_sqft)),
      className: 'text-right tabular-nums whitespace-nowrap',
      hideOnMobile: true,
    },
  ];
  const chargeColumns: Column<ChargeRow>[] = [
    { key: 'kind', header: f('kind'), cell: (row) => t(`leases.chargeKinds.${row.kind}`) },
    {
      key: 'monthly',
      header: f('monthly_amount'),
      cell: (row) => formatUsd(row.monthly_amount),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      key: 'estimated',
      header: f('estimated'),
      cell: (row) => (row.estimated ? <Badge color="yellow">{f('estimated')}</Badge> : dash),
    },
  ];
  const monthlyCharges = lease.charges.reduce((sum, row) => sum + row.monthly_amount, 0);
  const hasDocuments = lease.clauses.some((clause) => clause.document_id !== null);
  const next = nextOptionDeadline(lease.options);

  return (
    <>
      <Section title={t('leaseView.parties')}>
        <Facts rows={parties} />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('leaseView.premises')}>
          <Facts rows={premises} />
        </Section>
        <Section title={t('leaseView.money')}>
          <Facts rows={money} />
        </Section>
      </div>
      <Section title={t('leaseView.dates')}>
        <Facts rows={dates} />
      </Section>
      <AttributeFacts subject="leases" values={lease.attributes} />
      <Section
        title={t('leaseView.rent')}
        empty={lease.rent_schedule.length === 0 && t('leases.rows.noRent')}
      >
        <Table
          columns={rentColumns}
          rows={lease.rent_schedule}
          rowKey={(row) => `${row.start_date}-${row.end_date}`}
          caption={t('leaseView.rent')}
        />
      </Section>
      <Section
        title={t('leaseView.charges')}
        empty={lease.charges.length === 0 && t('leases.rows.noCharges')}
      >
        <Table
          columns={chargeColumns}
          rows={lease.charges}
          rowKey={(row) => lease.charges.indexOf(row)}
          caption={t('leaseView.charges')}
        />
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
          {t('leaseView.monthlyTotal')}:{' '}
          <span className="font-semibold text-gray-900 dark:text-white">{formatUsd(monthlyCharges)}</span>
        </p>
      </Section>
      <Section
        title={t('leaseView.options')}
        empty={lease.options.length === 0 && t('leases.rows.noOptions')}
        action={
          next && (
            <span className="text-sm font-normal text-gray-600 dark:text-gray-400">
              {f('next_deadline')}: <Deadline day={next} />
            </span>
          )
        }
      >
        <LeaseOptions lease={lease} />
      </Section>
      <Section
        title={t('leaseView.history')}
        action={can(lease.abilities, 'update') && <RecordAmendment lease={lease} />}
      >
        <LeaseHistory lease={lease} />
      </Section>
      <Section
        title={t('leaseView.clauses')}
        empty={lease.clauses.length === 0 && t('leases.rows.noClauses')}
      >
        <ClauseList
          clauses={lease.clauses}
          kindLabel={(kind) => t(`leases.clauseKinds.${kind}`, { defaultValue: kind })}
        />
      </Section>
      {/* A franchisee's member sees the documents shared with them; the clauses' sources are the franchisor's. */}
      <Section title={t('leaseView.documents')}>
        <RecordDocumentsPanel
          type="leases"
          id={lease.id}
          name={lease.reference ?? lease.store?.name ?? `#${lease.id}`}
          canUpload={can(lease.abilities, 'update')}
        />
        {wholeTeam && hasDocuments && (
          <div className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">
              {t('leaseView.clauseDocuments')}
            </h3>
            <ClauseDocuments clauses={lease.clauses} />
          </div>
        )}
        {lease.store && (
          <Link
            to={`/stores/${lease.store.id}/documents`}
            className="mt-3 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            {t('leaseView.storeDocuments')} →
          </Link>
        )}
      </Section>
    </>
  );
}
