import type { AppMigration } from '../migration-helpers';

/**
 * Whether a document is shared with the franchisees whose records it is linked to (decision 0023), 0 or 1
 * like the other flags. Off by default: every document stays the franchisor's until a manager shares it. No
 * index: a franchisee's documents are found through `document_links`' (team, type, id) index, and the flag is
 * read on those few rows.
 */
export const sharedDocuments: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('documents')
      .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
