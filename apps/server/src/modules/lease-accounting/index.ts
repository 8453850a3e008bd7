// The lease accounting module as other modules use it.
export { accountingOf } from './service';
export { scheduleOf } from './schedule';
// Lease writes and the team's default readings make the stored schedules stale through
// platform/lease-changes.ts and platform/team-defaults.ts (registered in app.ts); the background refresh of
// stale schedules is a job registered in app.ts and queued at start by main.ts.
export {
  queueStaleScheduleRefreshes,
  REFRESH_LEASE_SCHEDULES,
  runScheduleRefresh,
  schedulesChanged,
  schedulesFollowTeamDefaults,
} from './refresh-job';
