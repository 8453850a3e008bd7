// The devices module as other modules use it: push notices to members' registered devices.
export { pushToUsers } from './service';
