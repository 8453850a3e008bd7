import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { recordsInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

/**
 * The reminders a member limited to companies sees: those about their records (`recordsInScope`: their
 * companies, the stores those operate, those stores' leases and the agreements their companies signed). A
 * reminder about anything else (a document, a contact, a brand, the team itself) is the franchisor's. For the
 * whole team: the team's reminders.
 */
export function reminderInScope(
  db: Executor,
  scope: TeamScope,
): (eb: ExpressionBuilder<Database, 'reminders'>) => ExpressionWrapper<Database, 'reminders', SqlBool> {
  return (eb) => {
    const team = eb('reminders.team_id', '=', scope.teamId);
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
