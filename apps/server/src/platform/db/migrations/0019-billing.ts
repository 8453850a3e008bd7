import { columnTypes, notNull, type AppMigration } from '../migration-helpers';

/**
 * Billing: the Stripe customer and subscription of a team, and the Stripe events already
 * applied. The customer id is stored when Checkout is created, so every later webhook maps to its team;
 * an event id is inserted in the transaction that applies it, so a replayed event changes nothing.
 */
export const billing: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('teams').addColumn('stripe_customer_id', 'varchar(255)').execute();
    await db.schema.alterTable('teams').addColumn('stripe_subscription_id', 'varchar(255)').execute();
    await db.schema
      .createIndex('teams_stripe_customer_unique')
      .on('teams')
      .column('stripe_customer_id')
      .unique()
      .execute();

    await db.schema
      .createTable('billing_events')
      .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(100)', notNull)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
      .addColumn('processed_at', t.timestamp, notNull)
      .execute();
  },
};
