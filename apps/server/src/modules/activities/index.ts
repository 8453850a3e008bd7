// The activities module as other modules use it: every write records its audit row here.
export {
  diff,
  listActivities,
  listRecordActivities,
  recordActivities,
  recordActivity,
  type ActivityInput,
} from './service';
export { nameReferences } from './references';
