import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Agreement } from '@storekeep/contracts';
import { Alert, Skeleton, Table, type Column } from '../../components/ui';
import { formatDay, formatUsd } from '../../lib/format';
import { AgreementStatusBadge } from '../leases/columns';
import { ClauseDocuments, ClauseList, dayOrDash, Deadline } from '../leases/detail-parts';
import { RecordDocumentsPanel } from '../documents/record-panel';
import { Section } from '../leases/detail-shell';
import { RefLink } from '../records/display';
import { Facts, type Row } from '../records/overview';
import { AttributeFacts } from '../attributes/attribute-facts';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';

const TransfersPanel = lazy(() => import('../franchise-network/transfers-panel'));
const TerritoryPanel = lazy(() => import('../franchise-network/territory-panel'));
const DevelopmentPanel = lazy(() => import('../development/development-panel'));

const usd = (value: number | null) => (value === null ? null : formatUsd(value));
const percent = (value: number | null) => (value === null ? null : `${value}%`);

/** The agreement's name wherever it is shown: its number, else its id. */
export const agreementTitle = (agreement: Agreement) => agreement.agreement_number ?? `#${agreement.id}`;

export function AgreementFacts({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  return (
    <>
      <AgreementStatusBadge status={agreement.status} />
      <span>{t(`agreements.types.${agreement.type}`)}</span>
      <RefLink type="brands" value={agreement.brand} />
      {agreement.franchisee && <RefLink type="companies" value={agreement.franchisee} />}
      {agreement.expiration_date && (
        <span>
          {t('agreements.fields.expiration_date')}: <Deadline day={agreement.expiration_date} />
        </span>
      )}
    </>
  );
}

/** Every section of a franchise agreement, read-only. */
export function AgreementSections({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  const f = (field: string) => t(`agreements.fields.${field}`);
  const parties: Row[] = [
    [f('brand'), <RefLink key="brand" type="brands" value={agreement.brand} />],
    [f('franchisee'), agreement.franchisee && <RefLink type="companies" value={agreement.franchisee} />],
    [f('agreement_number'), agreement.agreement_number],
    [f('type'), t(`agreements.types.${agreement.type}`)],
  ];
  const dates: Row[] = [
    [f('signed_date'), dayOrDash(agreement.signed_date)],
    [f('effective_date'), dayOrDash(agreement.effective_date)],
    [f('opening_date'), dayOrDash(agreement.opening_date)],
    [f('expiration_date'), <Deadline key="expiration" day={agreement.expiration_date} />],
    [f('initial_term_months'), agreement.initial_term_months],
    [f('renewal_count'), agreement.renewal_count],
    [f('renewal_length_months'), agreement.renewal_length_months],
    [f('renewal_notice_days'), agreement.renewal_notice_days],
    [
      f('renewal_notice_deadline'),
      agreement.renewal_notice_deadline && <Deadline day={agreement.renewal_notice_deadline} />,
    ],
    [f('renewal_fee'), usd(agreement.renewal_fee)],
  ];
  const fees: Row[] = [
    [f('initial_fee'), usd(agreement.initial_fee)],
    [f('royalty_percent'), percent(agreement.royalty_percent)],
    [f('royalty_minimum'), usd(agreement.royalty_minimum)],
    [f('marketing_percent'), percent(agreement.marketing_percent)],
    [f('technology_fee'), usd(agreement.technology_fee)],
    [f('transfer_fee'), usd(agreement.transfer_fee)],
  ];
  const territory: Row[] = [
    [f('territory_description'), agreement.territory_description],
    [f('territory_exclusive'), agreement.territory_exclusive ? t('leaseView.yes') : t('leaseView.no')],
    [f('territory_radius_miles'), agreement.territory_radius_miles],
    [
      f('reporting_frequency'),
      agreement.reporting_frequency && t(`agreements.frequencies.${agreement.reporting_frequency}`),
    ],
  ];
  const tierColumns: Column<Agreement['royalty_tiers'][number]>[] = [
    {
      key: 'from',
      header: f('from_sales'),
      cell: (tier) => formatUsd(tier.from_sales),
      className: 'tabular-nums',
    },
    { key: 'percent', header: f('percent'), cell: (tier) => `${tier.percent}%`, className: 'tabular-nums' },
  ];
  const hasDocuments = agreement.clauses.some((clause) => clause.document_id !== null);

  return (
    <>
      {agreement.misaligned_stores.length > 0 && (
        <Alert type="warning" title={t('agreements.misaligned')}>
          <ul className="list-disc space-y-1 pl-5">
            {agreement.misaligned_stores.map((store) => (
              <li key={store.id}>
                {t('agreements.misalignedItem', {
                  store: store.name,
                  date: formatDay(store.lease_expiration),
                  days: store.days_apart,
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('leaseView.parties')}>
          <Facts rows={parties} />
        </Section>
        <Section title={t('leaseView.stores')} empty={agreement.stores.length === 0 && t('agreements.none')}>
          <ul className="flex flex-wrap gap-2">
            {agreement.stores.map((store) => (
              <li key={store.id}>
                <Link
                  to={`/stores/${store.id}`}
                  className="inline-flex rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800 hover:bg-blue-100 dark:bg-blue-950 dark:text-blue-200"
                >
                  {store.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <Section title={t('agreements.sections.dates')}>
        <Facts rows={dates} />
      </Section>
      <AttributeFacts subject="agreements" values={agreement.attributes} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('agreements.sections.fees')}>
          <Facts rows={fees} />
        </Section>
        <Section title={t('agreements.sections.territory')}>
          <Facts rows={territory} />
        </Section>
      </div>
      {/* Development schedules are the franchisor's: the API refuses them to a franchisee's member. */}
      {wholeTeam && agreement.type === 'area_development' && (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <DevelopmentPanel agreement={agreement} />
        </Suspense>
      )}
      {/* Territories and transfers show the brand's other franchisees: the API refuses them to a franchisee's member. */}
      {wholeTeam && (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <TerritoryPanel agreement={agreement} />
          <TransfersPanel agreement={agreement} />
        </Suspense>
      )}
      {agreement.royalty_tiers.length > 0 && (
        <Section title={t('agreements.sections.tiers')}>
          <Table
            columns={tierColumns}
            rows={agreement.royalty_tiers}
            rowKey={(tier) => tier.from_sales}
            caption={t('agreements.sections.tiers')}
          />
        </Section>
      )}
      <Section
        title={t('leaseView.clauses')}
        empty={agreement.clauses.length === 0 && t('leases.rows.noClauses')}
      >
        <ClauseList
          clauses={agreement.clauses}
          kindLabel={(kind) => t(`leases.clauseKinds.${kind}`, { defaultValue: kind })}
        />
      </Section>
      {/* A franchisee's member sees the documents shared with them; the clauses' sources are the franchisor's. */}
      <Section title={t('leaseView.documents')}>
        <RecordDocumentsPanel
          type="agreements"
          id={agreement.id}
          name={agreement.agreement_number ?? agreement.brand?.name ?? `#${agreement.id}`}
          canUpload={can(agreement.abilities, 'update')}
        />
        {wholeTeam && hasDocuments && (
          <div className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">
              {t('leaseView.clauseDocuments')}
            </h3>
            <ClauseDocuments clauses={agreement.clauses} />
          </div>
        )}
      </Section>
    </>
  );
}
