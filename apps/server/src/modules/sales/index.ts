// The sales module as other modules use it: imports write figures, the dashboard sums royalties.
export { existingSales, restoreSales, SALES_LABEL, trailingRoyaltiesCents, upsertSales } from './service';
// Percentage rent reads a store's figures per lease year.
export { storeSalesByDay } from './store-figures';
// The members page shows a franchisee member's companies and when they last reported.
export { companiesWithLastReport } from './repository';
