import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Team-defined attributes. Definitions per team and record type; values in one typed table,
 * one row per (attribute, record) — a multi select has one row per chosen option — so that filtering
 * and sorting by any attribute is a range of an ordinary btree index, with no DDL at run time
 * (docs/decisions/0006-attribute-values-in-one-typed-table.md). Archiving a definition keeps every value.
 */
export const attributes: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await withId(db.schema.createTable('attribute_definitions'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(20)', notNull)
      .addColumn('key', 'varchar(50)', notNull)
      .addColumn('label', 'varchar(100)', notNull)
      .addColumn('type', 'varchar(20)', notNull)
      .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      // A date attribute with this set keeps a reminder per record, like built-in critical dates.
      .addColumn('reminder', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('archived_at', t.timestamp)
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('attribute_definitions_key_unique')
      .on('attribute_definitions')
      .columns(['team_id', 'subject_type', 'key'])
      .unique()
      .execute();

    await withId(db.schema.createTable('attribute_values'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('attribute_id', 'integer', (c) =>
        c.notNull().references('attribute_definitions.id').onDelete('cascade'),
      )
      .addColumn('subject_type', 'varchar(20)', notNull)
      .addColumn('subject_id', 'integer', notNull)
      // text, url, e-mail, select and each multi-select option (≤ 255 characters, indexable)
      .addColumn('text_value', 'varchar(255)')
      // number, money (in cents), yes/no (0/1)
      .addColumn('number_value', real)
      .addColumn('date_value', t.date)
      // long text: shown and searched, never filtered or sorted, so kept out of the indexes
      .addColumn('long_value', 'text')
      .execute();
    // Filters and sorts: "records whose attribute X is v" and "records in order of X" are ranges here.
    for (const column of ['text_value', 'number_value', 'date_value']) {
      await db.schema
        .createIndex(`attribute_values_${column}_index`)
        .on('attribute_values')
        .columns(['attribute_id', column, 'subject_id'])
        .execute();
    }
    // A page of records loads its values (and a sort reads one record's value) by subject.
    await db.schema
      .createIndex('attribute_values_subject_index')
      .on('attribute_values')
      .columns(['team_id', 'subject_type', 'subject_id', 'attribute_id'])
      .execute();
  },
};
