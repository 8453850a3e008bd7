import { sql } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** Documents with versions, tags, links to records, team categories, and the background job queue. */
export const documents: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const big = dialect === 'postgres' ? 'bigint' : 'integer';

    await withId(db.schema.createTable('documents'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', notNull)
      .addColumn('category', 'varchar(60)', (c) => c.notNull().defaultTo('other'))
      .addColumn('description', 'text')
      .addColumn('effective_date', t.date)
      .addColumn('expiration_date', t.date)
      .addColumn('current_version_id', 'integer')
      .addColumn('text_status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();
    const live = sql<boolean>`deleted_at is null`;
    for (const columns of [
      ['title'],
      ['created_at'],
      ['updated_at'],
      ['expiration_date'],
      ['category', 'title'],
      ['uploaded_by', 'created_at'],
    ]) {
      await db.schema
        .createIndex(`documents_${columns.join('_')}_live_index`)
        .on('documents')
        .columns(['team_id', ...columns, 'id'])
        .where(live)
        .execute();
    }
    await db.schema
      .createIndex('documents_deleted_index')
      .on('documents')
      .columns(['team_id', 'deleted_at'])
      .where(sql<boolean>`deleted_at is not null`)
      .execute();

    await withId(db.schema.createTable('document_versions'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('version', 'integer', notNull)
      .addColumn('blob_key', 'varchar(100)', notNull)
      .addColumn('file_name', 'varchar(255)', notNull)
      .addColumn('mime_type', 'varchar(150)', notNull)
      .addColumn('size', big, notNull)
      .addColumn('checksum', 'varchar(64)', notNull)
      .addColumn('text_status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('extracted_text', 'text')
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.timestamp, notNull)
      .addUniqueConstraint('document_versions_document_version_unique', ['document_id', 'version'])
      .execute();
    await db.schema
      .createIndex('document_versions_blob_index')
      .on('document_versions')
      .column('blob_key')
      .execute();
    await db.schema
      .createIndex('document_versions_checksum_index')
      .on('document_versions')
      .columns(['team_id', 'checksum'])
      .execute();

    await db.schema
      .createTable('document_tags')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('tag', 'varchar(60)', notNull)
      .addPrimaryKeyConstraint('document_tags_pkey', ['document_id', 'tag'])
      .execute();
    await db.schema
      .createIndex('document_tags_team_tag_index')
      .on('document_tags')
      .columns(['team_id', 'tag', 'document_id'])
      .execute();

    await withId(db.schema.createTable('document_links'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('linkable_type', 'varchar(30)', notNull)
      .addColumn('linkable_id', 'integer', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addUniqueConstraint('document_links_unique', ['document_id', 'linkable_type', 'linkable_id'])
      .execute();
    await db.schema
      .createIndex('document_links_linkable_index')
      .on('document_links')
      .columns(['team_id', 'linkable_type', 'linkable_id', 'document_id'])
      .execute();

    await withId(db.schema.createTable('document_categories'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('slug', 'varchar(60)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addUniqueConstraint('document_categories_team_slug_unique', ['team_id', 'slug'])
      .execute();

    // Background work (text extraction now, imports later): claimed by one instance at a time.
    await withId(db.schema.createTable('jobs'), dialect)
      .addColumn('kind', 'varchar(40)', notNull)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('payload', 'text', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_at', t.timestamp, notNull)
      .addColumn('claimed_at', t.timestamp)
      .addColumn('finished_at', t.timestamp)
      .addColumn('failed_at', t.timestamp)
      .addColumn('last_error', 'text')
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    await sql`create index jobs_pending_index on jobs (kind, available_at) where finished_at is null and failed_at is null`.execute(
      db,
    );
  },
};
