// Royalty invoices and collections as other code uses them: the benchmark drafts and stores a month's invoices.
export { draftInvoices, storeInvoices } from './invoicing';
export { syncBillingReminders } from './reminders';
