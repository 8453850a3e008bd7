// The sales module as other modules use it: imports write figures, the dashboard sums royalties.
export { existingSales, restoreSales, SALES_LABEL, trailingRoyaltiesCents, upsertSales } from './service';
// Percentage rent reads a store's figures per lease year.
export { storeSalesByDay, storesSalesByDay } from './store-figures';
// The members page shows a franchisee member's companies and when they last reported.
export { companiesWithLastReport } from './repository';
// Royalty invoices and the reporting-compliance list bill and check the same periods and tiers.
export {
  estimateFrom,
  estimationPeriods,
  periodCharges,
  royaltyOnSales,
  royaltyRules,
  royaltyTerm,
  reportingPeriods,
  tieredRoyalty,
  tierSalesFrom,
  tierYearStart,
  periodStartOf,
  nextPeriodStart,
} from './calculations';
export type {
  Period,
  Pooling,
  ReportingFrequency,
  RoyaltyRules,
  Tier,
  TierBasis,
  TierYear,
} from './calculations';
export { unitSales } from './calculations';
// `franchisee` pooling: which agreements read their tiers together, and each one's share (decision 0036).
export {
  agreementLabel,
  franchiseePools,
  sharePeriod,
  type FranchiseePool,
  type PoolCandidate,
  type PoolShare,
} from './pools';
export { billableAgreements, salesOfStores, type BillableAgreement } from './billing-inputs';
export { insertSalesLocks, deleteSalesLocks, salesLocksOf } from './locks';
// The percentage-rent portfolio report reads the same range as the other reports.
export { reportRange } from './reports';
