import type { AppMigration } from '../migration-helpers';

/**
 * The companies a member is limited to (a franchisee's people see only their own companies' records), and the
 * same limit on an invitation until it is accepted. A JSON array of company ids, null for the whole team: the
 * list is read with the membership on every request (the auth cache holds it), never joined or searched, so it
 * lives on the row; team_user is watched by the auth-cache triggers, so a change reaches every instance.
 */
export const memberCompanies: AppMigration = {
  async up(db) {
    await db.schema.alterTable('team_user').addColumn('company_ids', 'text').execute();
    await db.schema.alterTable('team_invitations').addColumn('company_ids', 'text').execute();
  },
};
