import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Imports: the run (file, mapping, mode, progress, counts), its per-cell error report, and its change log.
 * The log is written in the same transaction as each batch of rows, so it names exactly what was committed:
 * an interrupted run is rolled back from it, and "undo this import" reads it later.
 */
export const imports: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('imports'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('type', 'varchar(20)', notNull)
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('file_key', 'varchar(100)', notNull)
      .addColumn('file_name', 'varchar(255)', notNull)
      .addColumn('format', 'varchar(10)', notNull)
      .addColumn('sheet', 'varchar(255)')
      // JSON arrays read from the file at upload, so the mapping screen needs no second parse.
      .addColumn('sheets', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('headers', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('mapping', 'text')
      .addColumn('mode', 'varchar(20)')
      .addColumn('match_key', 'varchar(100)')
      .addColumn('skip_invalid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('message', 'varchar(1000)')
      .addColumn('cancel_requested_at', t.timestamp)
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('started_at', t.timestamp)
      .addColumn('finished_at', t.timestamp)
      .addColumn('undone_at', t.timestamp)
      .execute();
    await db.schema.createIndex('imports_team_index').on('imports').columns(['team_id', 'id']).execute();

    await db.schema
      .createTable('import_errors')
      .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
      .addColumn('row_number', 'integer', notNull)
      .addColumn('column_name', 'varchar(255)', notNull)
      .addColumn('value', 'varchar(1000)')
      .addColumn('message', 'varchar(1000)', notNull)
      .execute();
    await db.schema
      .createIndex('import_errors_import_index')
      .on('import_errors')
      .columns(['import_id', 'row_number'])
      .execute();

    await db.schema
      .createTable('import_changes')
      .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('action', 'varchar(10)', notNull)
      // The changed fields' values before the import (updates only), as JSON.
      .addColumn('before', 'text')
      // updated_at the import left on the record: anything later means someone edited it since.
      .addColumn('after_updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('import_changes_import_index')
      .on('import_changes')
      .columns(['import_id', 'subject_id'])
      .execute();

    // The column mapping a team last used for a type, offered first next time.
    await db.schema
      .createTable('import_mappings')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('type', 'varchar(20)', notNull)
      .addColumn('mapping', 'text', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('import_mappings_pkey', ['team_id', 'type'])
      .execute();

    // Ids records carry in other systems, for re-imports that match on them.
    await db.schema
      .createTable('external_ids')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(20)', notNull)
      .addColumn('external_id', 'varchar(255)', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addPrimaryKeyConstraint('external_ids_pkey', ['team_id', 'subject_type', 'external_id'])
      .execute();
    await db.schema
      .createIndex('external_ids_subject_index')
      .on('external_ids')
      .columns(['subject_type', 'subject_id'])
      .execute();
  },
};
