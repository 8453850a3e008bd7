import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * A requested change of e-mail address waits here until the new address is confirmed from the link
 * mailed to it: until then the account keeps its verified address, so a typed-in address (someone else's)
 * never becomes the one invitations and password resets are checked against.
 */
export const pendingEmail: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('users').addColumn('pending_email', 'varchar(255)').execute();
    await db.schema.alterTable('users').addColumn('pending_email_expires_at', t.timestamp).execute();
  },
};
