import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from './index';

// Migrations run against the schema as it is at their version, not the app's current types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type MigrationDb = Kysely<any>;

export type AppMigration = {
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
};

/** The few column types that differ between SQLite and PostgreSQL, named once. */
export function columnTypes(dialect: Dialect) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    date: dialect === 'postgres' ? ('date' as const) : ('text' as const),
  };
}

/** Auto-increment integer primary key on both dialects. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** The postal address columns companies, stores and contacts share. */
export function addressColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('address_line1', 'varchar(255)')
    .addColumn('address_line2', 'varchar(255)')
    .addColumn('city', 'varchar(120)')
    .addColumn('region', 'varchar(120)')
    .addColumn('postal_code', 'varchar(20)')
    .addColumn('country', 'varchar(120)');
}
