import type { AppMigration } from '../migration-helpers';
import { createTrigramIndex } from './0064-lease-reference-trigrams';

/**
 * The agreements list's search box finds an agreement number anywhere in it, as the leases list finds a
 * reference: through a trigram index instead of testing every agreement of the team (decision 0041).
 */
export const agreementNumberTrigrams: AppMigration = {
  async up(db, dialect) {
    await createTrigramIndex(db, dialect, {
      table: 'franchise_agreements',
      column: 'agreement_number',
      index: 'agreement_numbers',
    });
  },
};
