import { hasRole, teamScope, type Actor, type TeamScope } from '../../platform/policy';

/** Managers write records; a member limited to companies never does (they read their stores, enter sales). */
const writes = (actor: Actor) => hasRole(actor, 'manager') && actor.scope.companyIds === null;

/** ARCHITECTURE §3 for records: observers read, managers write, admins also see the trash and audit log. */
export const recordPolicy = {
  view: (_actor: Actor) => true,
  create: writes,
  update: writes,
  delete: writes,
  restore: writes,
  viewTrash: (actor: Actor) => hasRole(actor, 'admin'),
  viewAuditLog: (actor: Actor) => hasRole(actor, 'admin'),
};

export function recordAbilities(actor: Actor) {
  return {
    update: recordPolicy.update(actor),
    delete: recordPolicy.delete(actor),
    restore: recordPolicy.restore(actor),
  };
}

export type Abilities = ReturnType<typeof recordAbilities>;

/**
 * Who a record is presented to: their team, the part of it they see (a record's lists of other records, such as
 * an agreement's stores, name only those in `scope`) and what they may do with it.
 */
export type Viewer = { teamId: number; scope: TeamScope; abilities: Abilities };
export const viewerOf = (actor: Actor): Viewer => ({
  teamId: actor.teamId,
  scope: actor.scope,
  abilities: recordAbilities(actor),
});
/** The server itself reading a record's values (an import, a restore): no user, no abilities. */
export const systemViewer = (teamId: number): Viewer => ({
  teamId,
  scope: teamScope(teamId),
  abilities: { update: false, delete: false, restore: false },
});
