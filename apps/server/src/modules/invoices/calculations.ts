/**
 * What one franchise agreement owes on an invoice, free of the database so every reading is unit-tested.
 * Amounts are integer cents; dates ISO strings. The rules and their settings (decision 0024):
 *
 * - An invoice covers a calendar month and bills each agreement's reporting periods that END in it (a
 *   quarterly agreement is billed in March, June, September and December; a week belongs to the month of its
 *   Sunday), so a period is billed exactly once and its minimum and tiers apply to the period the agreement
 *   names.
 * - `tier_basis`: `period` (the default): marginal tiers on each period's sales. `year_to_date`: marginal
 *   tiers on the tier year's sales through the period, billed as the growth of that year-to-date royalty
 *   over the year-to-date royalty before the period, so crossing a threshold in October bills October's sales
 *   above it at the higher rate and never re-bills January. `tier_year` says which year: `calendar` (the
 *   default) or `agreement` (from the anniversary of its effective date). The rule is the sales module's
 *   (`tieredRoyalty`, `tierSalesFrom`), which the royalty report follows too; a year-to-date royalty line
 *   names the day its tier year's sales are counted from.
 * - `pooling`: `pooled` (the default) applies tiers, minimum and cap to the sum of the agreement's stores;
 *   `per_store` to each store alone; `franchisee` applies the tiers to the combined sales of the franchisee's
 *   agreements of the brand whose royalty terms agree and bills each its share (`pooling.ts`, decision 0036),
 *   its minimum and cap its own. Each period's royalty, shortfall and marketing fund are the sales module's
 *   one computation (`periodCharges`), which the royalty report sums too.
 * - The minimum is its own shortfall line (minimum − royalty, when positive), only for periods in the term.
 * - The cap limits the royalty, shortfall included, per period and unit; with `cap_includes_marketing` the
 *   marketing fund takes only what the royalty left under the cap.
 * - A store whose report is missing is never billed as zero sales: it is estimated from the average of its
 *   last three reported periods (the line says `estimated`), or, without history, its royalty line is `missing`
 *   with no amount and no shortfall (billed once the report is in, by voiding and invoicing again).
 */

import {
  agreementLabel,
  periodCharges,
  royaltyRules,
  type FranchiseePool,
  type Period,
  type Pooling,
  type PoolShare,
  type ReportingFrequency,
  type RoyaltyRules,
  type Tier,
  type TierBasis,
  type TierYear,
} from '../sales/index';

export type { Pooling, TierBasis, TierYear };

export type InvoiceTerms = {
  tierBasis: TierBasis;
  tierYear: TierYear;
  pooling: Pooling;
  capCents: number | null;
  capIncludesMarketing: boolean;
  otherFees: Array<{ label: string; amount_cents: number }>;
};

export type BilledAgreement = {
  id: number;
  number: string | null;
  frequency: ReportingFrequency;
  percent: number | null;
  tiers: Tier[];
  minimumCents: number | null;
  marketingPercent: number | null;
  technologyFeeCents: number | null;
  termStart: string | null;
  termEnd: string | null;
};

export type Basis = 'reported' | 'estimated' | 'missing';

/** One store's sales in one reporting period, and its sales earlier in that tier year (for YTD tiers). */
export type StorePeriodSales = {
  storeId: number;
  storeName: string;
  /** Null only when the report is missing and nothing could be estimated. */
  cents: number | null;
  basis: Basis;
  yearBeforeCents: number;
};

export type LineKind = 'royalty' | 'minimum' | 'marketing' | 'technology' | 'fee';

export type InvoiceLine = {
  kind: LineKind;
  description: string;
  agreementId: number;
  storeId: number | null;
  period: Period | null;
  salesCents: number | null;
  basis: Basis | null;
  amountCents: number;
};

const worst = (bases: Basis[]): Basis =>
  bases.includes('missing') ? 'missing' : bases.includes('estimated') ? 'estimated' : 'reported';

const periodLabel = (p: Period) => (p.start === p.end ? p.start : `${p.start} – ${p.end}`);
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Under `franchisee` pooling: the agreement's pool and, per period start, its share of the pool's royalty. */
export type AgreementPool = { pool: FranchiseePool; shares: Map<string, PoolShare> };

/** What the pool reading adds to a royalty line: whom the tiers were read with, on what, and who stays apart. */
function poolNote(pool: FranchiseePool, share: PoolShare | undefined): string {
  const notes: string[] = [];
  if (pool.members.length > 1)
    notes.push(
      `tiers pooled across agreements ${pool.labels.join(', ')}` +
        (share?.salesCents != null ? ` on ${dollars(share.salesCents)} of sales together` : ''),
    );
  if (pool.apart.length) notes.push(`not pooled with ${pool.apart.join(', ')}: royalty terms differ`);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** The rules an agreement is charged by under its brand's invoicing terms (invoices bill open agreements). */
export function billingRules(agreement: BilledAgreement, terms: InvoiceTerms): RoyaltyRules {
  return royaltyRules({
    frequency: agreement.frequency,
    percent: agreement.percent,
    tiers: agreement.tiers,
    minimumCents: agreement.minimumCents,
    marketingPercent: agreement.marketingPercent,
    termStart: agreement.termStart,
    termEnd: agreement.termEnd,
    // Only open agreements are invoiced.
    minimumApplies: true,
    tierBasis: terms.tierBasis,
    pooling: terms.pooling,
    capCents: terms.capCents,
    capIncludesMarketing: terms.capIncludesMarketing,
  });
}

/**
 * The lines one agreement adds to an invoice: per period and unit royalty, shortfall and marketing; then fees.
 * `pool`: under `franchisee` pooling, the agreement's pool and its share of each period's pooled royalty.
 */
export function agreementLines(
  agreement: BilledAgreement,
  terms: InvoiceTerms,
  periods: Array<{ period: Period; tiersFrom: string; stores: StorePeriodSales[] }>,
  pool?: AgreementPool,
): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const label = agreementLabel(agreement.number, agreement.id);
  // The royalty report charges each period by the same rules (`periodCharges`), so the two agree to the cent.
  const rules = billingRules(agreement, terms);
  for (const { period, tiersFrom, stores } of periods) {
    const tierNote =
      terms.tierBasis === 'year_to_date'
        ? ` (tiers on sales since ${tiersFrom}, the ${terms.tierYear} year)`
        : '';
    const share = pool?.shares.get(period.start);
    const charges = periodCharges(
      rules,
      period,
      stores.map((s) => s.cents),
      stores.map((s) => s.yearBeforeCents),
      share ? share.royaltyCents : undefined,
    );
    const pooledNote = pool ? poolNote(pool.pool, share) : '';
    for (const unit of charges) {
      const own = unit.store === null ? stores : [stores[unit.store]!];
      const storeId = unit.store === null ? null : own[0]!.storeId;
      const name = unit.store === null ? 'all stores' : own[0]!.storeName;
      const basis = worst(own.map((s) => s.basis));
      const where = `${label}, ${name}, ${periodLabel(period)}`;
      const base = { agreementId: agreement.id, storeId, period };
      if (unit.salesCents === null) {
        // Nothing to bill on: the line names the gap instead of billing zero sales; pooled across agreements,
        // another agreement's gap holds this one back too, and the line names it.
        const others = share?.waitingOn.filter((l) => l !== label) ?? [];
        const gap =
          basis === 'missing' || !others.length
            ? 'sales report missing'
            : `waiting for the sales report of ${others.join(', ')}`;
        lines.push({
          ...base,
          kind: 'royalty',
          description: `Royalty, ${where}: ${gap}${pooledNote}`,
          salesCents: null,
          basis: 'missing',
          amountCents: 0,
        });
        continue;
      }
      const suffix = basis === 'reported' ? '' : ` (${basis})`;
      lines.push({
        ...base,
        kind: 'royalty',
        description: `Royalty, ${where}${suffix}${tierNote}${pooledNote}`,
        salesCents: unit.salesCents,
        basis,
        amountCents: unit.royaltyCents,
      });
      if (unit.shortfallCents > 0)
        lines.push({
          ...base,
          kind: 'minimum',
          description: `Minimum royalty shortfall, ${where}`,
          salesCents: null,
          basis: null,
          amountCents: unit.shortfallCents,
        });
      if (unit.marketingCents > 0)
        lines.push({
          ...base,
          kind: 'marketing',
          description: `Marketing fund, ${where}${suffix}`,
          salesCents: unit.salesCents,
          basis,
          amountCents: unit.marketingCents,
        });
    }
  }
  const fee = (kind: LineKind, description: string, amountCents: number) =>
    lines.push({
      kind,
      description,
      agreementId: agreement.id,
      storeId: null,
      period: null,
      salesCents: null,
      basis: null,
      amountCents,
    });
  if ((agreement.technologyFeeCents ?? 0) > 0)
    fee('technology', `Technology fee, ${label}`, agreement.technologyFeeCents!);
  for (const other of terms.otherFees)
    if (other.amount_cents > 0) fee('fee', `${other.label}, ${label}`, other.amount_cents);
  return lines;
}

// The estimate of a missing report is the sales module's rule, shared with its royalty report.
export { estimateFrom } from '../sales/index';

/**
 * The date a period's report is due: weekly reports on the next `weekday` (1 Monday … 7 Sunday) after the
 * week, the others on day `day` of the month after the period.
 */
export function reportDueDate(
  frequency: ReportingFrequency,
  periodEnd: string,
  rules: { weeklyDueWeekday: number; monthlyDueDay: number },
): string {
  const end = new Date(`${periodEnd}T00:00:00Z`);
  if (frequency === 'weekly') {
    const isoDay = ((end.getUTCDay() + 6) % 7) + 1;
    const ahead = (rules.weeklyDueWeekday - isoDay + 7) % 7 || 7;
    return new Date(end.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
  }
  const next = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, rules.monthlyDueDay));
  return next.toISOString().slice(0, 10);
}
