import { hasRole, type Actor } from '../../platform/policy';

/** The example portfolio writes and removes records: who may write records may load and remove it. */
export const onboardingPolicy = {
  examplePortfolio: (actor: Actor) => hasRole(actor, 'manager'),
};
