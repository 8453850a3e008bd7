import { hasRole, type Actor } from '../../platform/policy';

const FRANCHISOR_FOLLOW_UPS: readonly string[] = ['sales_report', 'invoice_payment'];

/**
 * The role model (spec §6) for reminders: every member reads them and mutes them for themselves (mutes.ts);
 * managers and admins change them for the whole team: create, edit, assign, complete, reopen, snooze, comment.
 */
export const reminderPolicy = {
  /** Create, edit, date, assign, comment: the franchisor's staff, never a member limited to companies. */
  change: (actor: Actor) => hasRole(actor, 'manager') && actor.scope.companyIds === null,
  /**
   * Complete, reopen and snooze: also a franchisee's manager, on the reminders of their own records (the routes
   * narrow which ones they reach), except the franchisor's follow-ups of them: a missing report or an unpaid
   * invoice closes itself when the report comes in or the invoice is paid, never by the franchisee's hand.
   */
  close: (actor: Actor, reminder: { source: string }) =>
    hasRole(actor, 'manager') &&
    (actor.scope.companyIds === null || !FRANCHISOR_FOLLOW_UPS.includes(reminder.source)),
  /** Manual reminders only: generated ones follow their record's dates and come back if deleted. */
  delete: (actor: Actor, reminder: { source: string }) =>
    reminderPolicy.change(actor) && reminder.source === 'manual',
};

export const REMINDER_CHANGE_REFUSED = 'Only managers and admins can change reminders.';
