import { sql } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** Users, teams and their memberships, sessions and tokens, password resets, audit trail, mail outbox. */
export const foundation: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);

    await withId(db.schema.createTable('users'), dialect)
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', notNull)
      .addColumn('email_verified_at', t.timestamp)
      .addColumn('current_team_id', 'integer')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();

    await withId(db.schema.createTable('teams'), dialect)
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addColumn('subscription_status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema.createIndex('teams_owner_id_index').on('teams').column('owner_id').execute();

    await db.schema
      .createTable('team_user')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(20)', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('team_user_pkey', ['team_id', 'user_id'])
      .execute();
    await db.schema.createIndex('team_user_user_id_index').on('team_user').column('user_id').execute();

    await db.schema
      .createTable('team_invitations')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('email', 'varchar(255)', notNull)
      .addColumn('role', 'varchar(20)', notNull)
      .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', t.timestamp, notNull)
      .addUniqueConstraint('team_invitations_team_email_unique', ['team_id', 'email'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('last_seen_at', t.timestamp, notNull)
      .addColumn('expires_at', t.timestamp, notNull)
      .execute();
    await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

    await withId(db.schema.createTable('personal_access_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('last_used_at', t.timestamp)
      .addColumn('created_at', t.timestamp, notNull)
      .execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('email', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('token_hash', 'varchar(64)', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .execute();

    await withId(db.schema.createTable('activities'), dialect)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('subject_type', 'varchar(50)', notNull)
      .addColumn('subject_id', 'varchar(64)')
      .addColumn('action', 'varchar(50)', notNull)
      .addColumn('changes', 'text')
      .addColumn('ip', 'varchar(64)')
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    // The audit log page lists a team's activities newest first.
    await db.schema
      .createIndex('activities_team_created_index')
      .on('activities')
      .columns(['team_id', 'created_at'])
      .execute();

    await withId(db.schema.createTable('outbox'), dialect)
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('payload', 'text', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_at', t.timestamp, notNull)
      .addColumn('claimed_at', t.timestamp)
      .addColumn('sent_at', t.timestamp)
      .addColumn('failed_at', t.timestamp)
      .addColumn('last_error', 'text')
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    // The sender only ever scans undelivered rows.
    await sql`create index outbox_pending_index on outbox (available_at) where sent_at is null and failed_at is null`.execute(
      db,
    );
  },
};
