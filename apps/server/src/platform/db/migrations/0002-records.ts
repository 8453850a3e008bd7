import { sql } from 'kysely';
import {
  addressColumns,
  columnTypes,
  notNull,
  withId,
  type AppMigration,
  type MigrationDb,
} from '../migration-helpers';
import type { Dialect } from '../index';

/** Companies, brands, stores, contacts, notes and the search index. */
export const records: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const real = dialect === 'postgres' ? 'double precision' : 'real';

    await withId(db.schema.createTable('companies'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('legal_name', 'varchar(255)')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('other'))
      .addColumn('tax_id', 'varchar(50)')
      .addColumn('email', 'varchar(255)')
      .addColumn('phone', 'varchar(50)')
      .addColumn('website', 'varchar(255)')
      .$call(addressColumns)
      .addColumn('description', 'text')
      .addColumn('image_key', 'varchar(100)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();

    await withId(db.schema.createTable('brands'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('description', 'text')
      .addColumn('website', 'varchar(255)')
      .addColumn('image_key', 'varchar(100)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();

    await withId(db.schema.createTable('contacts'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('first_name', 'varchar(120)')
      .addColumn('last_name', 'varchar(120)')
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('job_title', 'varchar(120)')
      .addColumn('email', 'varchar(255)')
      .addColumn('phone', 'varchar(50)')
      .addColumn('mobile', 'varchar(50)')
      .$call(addressColumns)
      .addColumn('notes', 'text')
      .addColumn('image_key', 'varchar(100)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();

    await withId(db.schema.createTable('stores'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('store_number', 'varchar(50)')
      .addColumn('brand_id', 'integer', (c) => c.references('brands.id').onDelete('set null'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('status', 'varchar(30)', (c) => c.notNull().defaultTo('planned'))
      .addColumn('opening_date', t.date)
      .addColumn('closing_date', t.date)
      .$call(addressColumns)
      .addColumn('latitude', real)
      .addColumn('longitude', real)
      .addColumn('phone', 'varchar(50)')
      .addColumn('email', 'varchar(255)')
      .addColumn('square_feet', real)
      .addColumn('manager_id', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
      .addColumn('image_key', 'varchar(100)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();

    await withId(db.schema.createTable('notes'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(30)', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('notes_subject_index')
      .on('notes')
      .columns(['team_id', 'subject_type', 'subject_id', 'id'])
      .execute();

    // List pages sort by these columns within one team and never show deleted rows: one partial index per
    // sort, ending in id (the tie-breaker), so a page is an index range scan.
    const live = sql<boolean>`deleted_at is null`;
    const indexes: Array<[string, string[]]> = [
      ['companies', ['name']],
      ['companies', ['kind', 'name']],
      ['companies', ['city']],
      ['companies', ['created_at']],
      ['companies', ['updated_at']],
      ['brands', ['name']],
      ['brands', ['company_id']],
      ['brands', ['created_at']],
      ['brands', ['updated_at']],
      ['stores', ['name']],
      ['stores', ['store_number']],
      ['stores', ['status', 'name']],
      ['stores', ['city']],
      ['stores', ['opening_date']],
      ['stores', ['created_at']],
      ['stores', ['updated_at']],
      ['stores', ['brand_id', 'name']],
      ['stores', ['company_id', 'name']],
      ['stores', ['region', 'name']],
      ['stores', ['manager_id']],
      ['contacts', ['last_name', 'first_name']],
      ['contacts', ['first_name']],
      ['contacts', ['email']],
      ['contacts', ['created_at']],
      ['contacts', ['updated_at']],
      ['contacts', ['company_id', 'last_name']],
    ];
    for (const [table, columns] of indexes) {
      await db.schema
        .createIndex(`${table}_${columns.join('_')}_live_index`)
        .on(table)
        .columns(['team_id', ...columns, 'id'])
        .where(live)
        .execute();
    }
    // Trash lists deleted rows per team, newest first.
    for (const table of ['companies', 'brands', 'stores', 'contacts']) {
      await db.schema
        .createIndex(`${table}_deleted_index`)
        .on(table)
        .columns(['team_id', 'deleted_at'])
        .where(sql<boolean>`deleted_at is not null`)
        .execute();
    }
    await sql`create unique index stores_team_number_unique on stores (team_id, store_number) where store_number is not null and deleted_at is null`.execute(
      db,
    );

    await createSearchIndex(db, dialect);
  },
};

/**
 * The global search index: one row per live record with its normalised words. The first token is the
 * record's scope (`k<team>x<type>`), so a query intersects "this team and type" with the terms inside
 * the full-text index itself instead of filtering afterwards.
 */
async function createSearchIndex(db: MigrationDb, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`create virtual table search_index using fts5(terms, title unindexed, subtitle unindexed, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    return;
  }
  await sql`create table search_index (
    rowid bigint primary key,
    terms text not null,
    title text not null,
    subtitle text,
    tsv tsvector generated always as (to_tsvector('simple', terms)) stored
  )`.execute(db);
  await sql`create index search_index_tsv_index on search_index using gin (tsv)`.execute(db);
}
