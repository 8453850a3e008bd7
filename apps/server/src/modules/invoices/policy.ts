import { hasRole, type Actor } from '../../platform/policy';

/**
 * Royalty billing follows the records rule: every member reads invoices, payments, statements and the
 * compliance list; managers and admins invoice, record payments, send, void, lock periods and set the rules.
 * A franchisee's member (limited to companies) only ever reads their own companies' invoices (list, detail,
 * PDF, CSV) and statement, narrowed by the repository's scope; billing them is the franchisor's, whatever
 * their role, so they never change one (their other invoice routes are refused at the route table).
 */
export const invoicePolicy = {
  view: (_actor: Actor) => true,
  change: (actor: Actor) => hasRole(actor, 'manager') && actor.scope.companyIds === null,
};

export const invoiceAbilities = (actor: Actor, invoice: { status: string }) => ({
  send: invoicePolicy.change(actor) && invoice.status !== 'void',
  void: invoicePolicy.change(actor) && invoice.status === 'open',
  pay: invoicePolicy.change(actor) && invoice.status === 'open',
});
