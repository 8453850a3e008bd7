// The lease accounting module as other modules use it.
export { accountingOf } from './service';
export { scheduleOf } from './schedule';
