// The users module as other modules use it. It owns the users table: every read and write of a user row is here.
export { loadAuthUser } from './service';
export { findUserByEmail, findUserById, insertUser, listUserTeams, updateUser } from './repository';
