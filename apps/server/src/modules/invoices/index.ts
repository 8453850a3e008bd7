// Royalty invoices and collections as other code uses them: the benchmark drafts and stores a month's invoices.
export { draftInvoices, storeInvoices } from './invoicing';
export { syncBillingReminders } from './reminders';
// The royalty report reads tiers as each brand's invoices do.
export { rulesByBrand } from './settings';
