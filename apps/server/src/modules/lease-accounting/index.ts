// The lease accounting module as other modules use it.
export { accountingOf } from './service';
export { scheduleOf } from './schedule';
// Lease writes make the stored schedules stale through platform/lease-changes.ts (registered in app.ts).
export { schedulesChanged } from './stored';
