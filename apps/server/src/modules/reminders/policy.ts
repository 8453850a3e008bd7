import { hasRole, type Actor } from '../../platform/policy';

/**
 * The role model (spec §6) for reminders: every member reads them and mutes them for themselves (mutes.ts);
 * managers and admins change them for the whole team: create, edit, assign, complete, reopen, snooze, comment.
 */
export const reminderPolicy = {
  change: (actor: Actor) => hasRole(actor, 'manager'),
  /** Manual reminders only: generated ones follow their record's dates and come back if deleted. */
  delete: (actor: Actor, reminder: { source: string }) =>
    hasRole(actor, 'manager') && reminder.source === 'manual',
};

export const REMINDER_CHANGE_REFUSED = 'Only managers and admins can change reminders.';
