// The franchise agreements module as other modules use it.
export { agreementLifecycle } from './service';
