// The devices module as other modules use it: push notices to members' registered devices.
export { pushEach, pushToUsers } from './service';
