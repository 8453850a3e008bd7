export { recomputeAuditReminders } from './service';
