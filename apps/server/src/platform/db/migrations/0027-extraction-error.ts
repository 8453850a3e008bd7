import type { AppMigration } from '../migration-helpers';

/** Why a document version's text extraction failed (a size or page limit, a timeout, an unreadable file). */
export const extractionError: AppMigration = {
  async up(db) {
    await db.schema.alterTable('document_versions').addColumn('text_error', 'varchar(300)').execute();
  },
};
