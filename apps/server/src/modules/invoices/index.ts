// Royalty invoices and collections as other code uses them: the benchmark drafts and stores a month's invoices.
export { draftInvoices, storeInvoices } from './invoicing';
export { syncBillingReminders } from './reminders';
// The royalty report reads tiers as each brand's invoices do.
export { rulesByBrand } from './settings';
// A member's dashboard: their reports due and missing, open invoices and balance, by the pages' own rules.
export { expectedReports } from './reporting';
export { aging } from './accounts';
export { listInvoices } from './invoicing';
