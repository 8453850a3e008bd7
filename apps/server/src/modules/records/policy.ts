import { hasRole, type Actor } from '../../platform/policy';

/** ARCHITECTURE §3 for records: observers read, managers write, admins also see the trash and audit log. */
export const recordPolicy = {
  view: (_actor: Actor) => true,
  create: (actor: Actor) => hasRole(actor, 'manager'),
  update: (actor: Actor) => hasRole(actor, 'manager'),
  delete: (actor: Actor) => hasRole(actor, 'manager'),
  restore: (actor: Actor) => hasRole(actor, 'manager'),
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

/** Who a record is presented to: their team and what they may do with it. */
export type Viewer = { teamId: number; abilities: Abilities };
export const viewerOf = (actor: Actor): Viewer => ({
  teamId: actor.teamId,
  abilities: recordAbilities(actor),
});
/** The server itself reading a record's values (an import, a restore): no user, no abilities. */
export const systemViewer = (teamId: number): Viewer => ({
  teamId,
  abilities: { update: false, delete: false, restore: false },
});
