import { hasRole, type Actor } from '../../platform/policy';

/**
 * The role model (spec §6) for reminders: every member reads them and mutes them for themselves (mutes.ts);
 * managers and admins change them for the whole team: create, edit, assign, complete, reopen, snooze, comment.
 */
export const reminderPolicy = {
  /** Create, edit, date, assign, comment: the franchisor's staff, never a member limited to companies. */
  change: (actor: Actor) => hasRole(actor, 'manager') && actor.scope.companyIds === null,
  /**
   * Complete, reopen and snooze: also a franchisee's manager, on the reminders of their own records (the routes
   * narrow which ones they reach).
   */
  close: (actor: Actor) => hasRole(actor, 'manager'),
  /** Manual reminders only: generated ones follow their record's dates and come back if deleted. */
  delete: (actor: Actor, reminder: { source: string }) =>
    reminderPolicy.change(actor) && reminder.source === 'manual',
};

export const REMINDER_CHANGE_REFUSED = 'Only managers and admins can change reminders.';
