import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { whereInScope } from '../../platform/db/scope';
import { teamScope, type TeamScope } from '../../platform/policy';

/**
 * The reminders a member limited to companies sees: those about their records, by the same rules as the records'
 * own routes: their companies, the stores those operate (`stores.company_id`), those stores' leases and the
 * agreements their companies signed (`franchise_agreements.franchisee_id`). A reminder about anything else (a
 * document, a contact, a brand, the team itself) is the franchisor's. For the whole team: the team's reminders.
 */
export function reminderInScope(
  db: Executor,
  scope: TeamScope,
): (eb: ExpressionBuilder<Database, 'reminders'>) => ExpressionWrapper<Database, 'reminders', SqlBool> {
  return (eb) => {
    const team = eb('reminders.team_id', '=', scope.teamId);
    if (scope.companyIds === null) return team;
    const stores = db
      .selectFrom('stores')
      .select('stores.id')
      .where((s) => whereInScope(s, scope, 'stores', { companyColumn: 'company_id' }));
    const about = (type: string, ids: ExpressionWrapper<Database, 'reminders', SqlBool>) =>
      eb.and([eb('reminders.subject_type', '=', type), ids]);
    return eb.and([
      team,
      eb.or([
        about('store', eb('reminders.subject_id', 'in', stores)),
        about(
          'lease',
          eb(
            'reminders.subject_id',
            'in',
            db
              .selectFrom('leases')
              .select('leases.id')
              .where((l) => whereInScope(l, teamScope(scope.teamId), 'leases'))
              .where('leases.store_id', 'in', stores),
          ),
        ),
        about(
          'agreement',
          eb(
            'reminders.subject_id',
            'in',
            db
              .selectFrom('franchise_agreements')
              .select('franchise_agreements.id')
              .where((a) =>
                whereInScope(a, scope, 'franchise_agreements', { companyColumn: 'franchisee_id' }),
              ),
          ),
        ),
        ...(scope.companyIds.length
          ? [about('company', eb('reminders.subject_id', 'in', [...scope.companyIds]))]
          : []),
      ]),
    ]);
  };
}
