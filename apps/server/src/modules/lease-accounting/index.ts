// The lease accounting module as other modules use it.
export { accountingOf, scheduleOf } from './service';
