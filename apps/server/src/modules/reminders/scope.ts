import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { recordsInScope, whereInScope } from '../../platform/db/scope';
import { teamScope, type TeamScope } from '../../platform/policy';

/**
 * The reminders a member limited to companies sees: those about their records (`recordsInScope`: their
 * companies, the stores those operate, those stores' leases and the agreements their companies signed). A
 * reminder about anything else (a document, a contact, a brand, the team itself) is the franchisor's. For the
 * whole team: the team's reminders.
 *
 * `byId`: for a statement that also names the reminders by id (`id in (…)`), as `whereInScope`'s: the team
 * condition no index serves, so the ids drive instead of the team's million reminders (a digest of 94,000
 * notices for a team with a franchisee member spent 36 s in 184 such statements walking the team's index).
 */
export function reminderInScope(
  db: Executor,
  scope: TeamScope,
  options: { byId?: boolean } = {},
): (eb: ExpressionBuilder<Database, 'reminders'>) => ExpressionWrapper<Database, 'reminders', SqlBool> {
  return (eb) => {
    const team = whereInScope(eb, teamScope(scope.teamId), 'reminders', { byId: options.byId });
    const { companyIds } = scope;
    if (companyIds === null) return team;
    const records = recordsInScope(db, { ...scope, companyIds });
    const about = (type: string, ids: ExpressionWrapper<Database, 'reminders', SqlBool>) =>
      eb.and([eb('reminders.subject_type', '=', type), ids]);
    return eb.and([
      team,
      eb.or([
        about('store', eb('reminders.subject_id', 'in', records.stores)),
        about('lease', eb('reminders.subject_id', 'in', records.leases)),
        about('agreement', eb('reminders.subject_id', 'in', records.agreements)),
        ...(companyIds.length ? [about('company', eb('reminders.subject_id', 'in', [...companyIds]))] : []),
      ]),
    ]);
  };
}
