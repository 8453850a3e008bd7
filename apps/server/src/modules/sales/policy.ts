import { hasRole, type Actor } from '../../platform/policy';

/** Sales figures follow the records rule (ARCHITECTURE §3): observers read, managers and admins write. */
export const salesPolicy = {
  view: (_actor: Actor) => true,
  create: (actor: Actor) => hasRole(actor, 'manager'),
  update: (actor: Actor) => hasRole(actor, 'manager'),
  delete: (actor: Actor) => hasRole(actor, 'manager'),
};

export const salesAbilities = (actor: Actor) => ({
  update: salesPolicy.update(actor),
  delete: salesPolicy.delete(actor),
});
