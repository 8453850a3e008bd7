import { hasRole, type Actor } from '../../platform/policy';

/** ARCHITECTURE §3: admins manage attributes; every member reads them (forms and lists need them). */
export const attributePolicy = {
  view: (_actor: Actor) => true,
  manage: (actor: Actor) => hasRole(actor, 'admin'),
};
