import { sql } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** Leases with their rent schedule, charges, options and clauses; reminders with notices and comments. */
export const leases: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    const live = sql<boolean>`deleted_at is null`;

    let leases = withId(db.schema.createTable('leases'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('reference', 'varchar(100)')
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('net'));
    for (const ref of ['landlord_id', 'tenant_id', 'guarantor_id'])
      leases = leases.addColumn(ref, 'integer', (c) => c.references('companies.id').onDelete('set null'));
    for (const ref of ['broker_id', 'property_manager_id'])
      leases = leases.addColumn(ref, 'integer', (c) => c.references('contacts.id').onDelete('set null'));
    leases = leases
      .addColumn('guaranty_end_date', t.date)
      .addColumn('suite', 'varchar(50)')
      .addColumn('rentable_sqft', real)
      .addColumn('usable_sqft', real)
      .addColumn('permitted_use', 'varchar(1000)');
    for (const column of [
      'signed_date',
      'possession_date',
      'commencement_date',
      'rent_commencement_date',
      'expiration_date',
    ])
      leases = leases.addColumn(column, t.date);
    await leases
      .addColumn('holdover_rate', real)
      .addColumn('free_rent_months', real)
      .addColumn('percentage_rent_breakpoint_cents', cents)
      .addColumn('percentage_rent_rate', real)
      .addColumn('security_deposit_cents', cents)
      .addColumn('letter_of_credit_cents', cents)
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();
    for (const columns of [
      ['expiration_date'],
      ['commencement_date'],
      ['reference'],
      ['status', 'expiration_date'],
      ['created_at'],
      ['updated_at'],
      ['store_id'],
    ]) {
      await db.schema
        .createIndex(`leases_${columns.join('_')}_live_index`)
        .on('leases')
        .columns(['team_id', ...columns, 'id'])
        .where(live)
        .execute();
    }
    await db.schema
      .createIndex('leases_deleted_index')
      .on('leases')
      .columns(['team_id', 'deleted_at'])
      .where(sql<boolean>`deleted_at is not null`)
      .execute();

    await withId(db.schema.createTable('lease_rent_rows'), dialect)
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', notNull)
      .addColumn('start_date', t.date, notNull)
      .addColumn('end_date', t.date, notNull)
      .addColumn('monthly_cents', cents)
      .addColumn('per_sqft_cents', cents)
      .execute();
    await db.schema
      .createIndex('lease_rent_rows_lease_index')
      .on('lease_rent_rows')
      .columns(['lease_id', 'start_date'])
      .execute();

    await withId(db.schema.createTable('lease_charges'), dialect)
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', notNull)
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('monthly_cents', cents, notNull)
      .addColumn('estimated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('lease_charges_lease_index').on('lease_charges').column('lease_id').execute();

    await withId(db.schema.createTable('lease_options'), dialect)
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', notNull)
      .addColumn('position', 'integer', notNull)
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('count', 'integer', notNull)
      .addColumn('length_months', real)
      .addColumn('notice_days', 'integer', notNull)
      .addColumn('notice_from', 'varchar(20)', notNull)
      .addColumn('deadline', t.date)
      .addColumn('delivery_method', 'varchar(120)')
      .addColumn('status', 'varchar(20)', notNull)
      .execute();
    await db.schema
      .createIndex('lease_options_lease_index')
      .on('lease_options')
      .columns(['lease_id', 'position'])
      .execute();
    // The dashboard counts open option deadlines inside a window.
    await db.schema
      .createIndex('lease_options_deadline_index')
      .on('lease_options')
      .columns(['team_id', 'status', 'deadline'])
      .execute();

    await withId(db.schema.createTable('clauses'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(20)', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('position', 'integer', notNull)
      .addColumn('kind', 'varchar(40)', notNull)
      .addColumn('text', 'text', notNull)
      .addColumn('date', t.date)
      .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
      .addColumn('page', 'integer')
      .execute();
    await db.schema
      .createIndex('clauses_subject_index')
      .on('clauses')
      .columns(['subject_type', 'subject_id', 'position'])
      .execute();
    // "Every lease with a co-tenancy clause" across the portfolio.
    await db.schema
      .createIndex('clauses_kind_index')
      .on('clauses')
      .columns(['team_id', 'subject_type', 'kind', 'subject_id'])
      .execute();

    await withId(db.schema.createTable('reminders'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(20)')
      .addColumn('subject_id', 'integer')
      .addColumn('source', 'varchar(40)', notNull)
      .addColumn('source_key', 'varchar(120)')
      .addColumn('title', 'varchar(255)', notNull)
      .addColumn('note', 'text')
      .addColumn('due_date', t.date, notNull)
      .addColumn('visible_from', t.date, notNull)
      .addColumn('read_at', t.timestamp)
      .addColumn('snoozed_until', t.date)
      .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    // Generated reminders are keyed by what they are about, so recalculating never duplicates one.
    await sql`create unique index reminders_source_unique on reminders (team_id, source_key) where source_key is not null`.execute(
      db,
    );
    await db.schema
      .createIndex('reminders_list_index')
      .on('reminders')
      .columns(['team_id', 'read_at', 'due_date', 'id'])
      .execute();
    await db.schema
      .createIndex('reminders_visible_index')
      .on('reminders')
      .columns(['team_id', 'visible_from', 'due_date'])
      .execute();
    await db.schema
      .createIndex('reminders_subject_index')
      .on('reminders')
      .columns(['team_id', 'subject_type', 'subject_id'])
      .execute();

    await db.schema
      .createTable('reminder_assignees')
      .addColumn('reminder_id', 'integer', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('reminder_assignees_pkey', ['reminder_id', 'user_id'])
      .execute();

    await withId(db.schema.createTable('reminder_comments'), dialect)
      .addColumn('reminder_id', 'integer', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', notNull)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('reminder_comments_reminder_index')
      .on('reminder_comments')
      .columns(['reminder_id', 'id'])
      .execute();

    // One row per notice sent (a reminder at one lead time): the unique key makes "sent once" hold
    // even when two instances scan at the same moment.
    await db.schema
      .createTable('reminder_notices')
      .addColumn('reminder_id', 'integer', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
      .addColumn('lead_days', 'integer', notNull)
      .addColumn('due_date', t.date, notNull)
      .addColumn('sent_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('reminder_notices_pkey', ['reminder_id', 'lead_days', 'due_date'])
      .execute();

    await db.schema
      .createTable('team_settings')
      .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
      .addColumn('lead_days', 'varchar(100)', (c) => c.notNull().defaultTo('180,90,30,7'))
      .addColumn('window_days', 'integer', (c) => c.notNull().defaultTo(180))
      .addColumn('alignment_days', 'integer', (c) => c.notNull().defaultTo(90))
      .execute();
  },
};
