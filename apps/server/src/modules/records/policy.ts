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
