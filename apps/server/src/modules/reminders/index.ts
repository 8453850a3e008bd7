// The reminders module as other modules use it: records keep their dated reminders in step through sync.
export {
  ATTRIBUTE_REMINDER_PREFIX,
  CAM_AUDIT_REMINDER_PREFIX,
  DEVELOPMENT_REMINDER_PREFIX,
  FRANCHISE_CALENDAR_REMINDER_PREFIX,
  INVOICE_PAYMENT_REMINDER_PREFIX,
  SALES_REPORT_REMINDER_PREFIX,
  isAttributeReminderKey,
  removeSubjectReminders,
  retireReminderKeys,
  syncReminders,
  type CriticalDate,
} from './sync';
export { keptUnreadCount, limitedMembersUnread, unreadCount } from './service';
export { deliverReminderNotices } from './digest';
export { ESCALATING_SOURCES } from './overdue';
// The dashboards read the open dates a member's Notifications page lists.
export { reminderInScope } from './scope';
