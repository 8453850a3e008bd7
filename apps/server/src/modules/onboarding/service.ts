import type { GettingStartedStatus } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { portfolioLoaded } from './repository';

/**
 * The dashboard's getting-started checklist: each step is done once the team has such a row; and whether
 * the team's example portfolio is loaded (the dashboard then offers to remove it). Read-only
 * look-ups of one indexed row each (team_id leads every table's indexes), so asking on every dashboard
 * visit costs next to nothing.
 */
export async function gettingStarted(deps: Deps, actor: Actor): Promise<GettingStartedStatus> {
  const teamId = actor.teamId;
  const live = (table: 'brands' | 'stores' | 'leases') =>
    deps.db
      .selectFrom(table)
      .select('id')
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
  const [brand, store, lease, imported, colleague, invitation, example] = await Promise.all([
    live('brands'),
    live('stores'),
    live('leases'),
    deps.db
      .selectFrom('imports')
      .select('id')
      .where('team_id', '=', teamId)
      .where('status', '=', 'completed')
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom('team_user')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '!=', actor.user.id)
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom('team_invitations')
      .select('id')
      .where('team_id', '=', teamId)
      .limit(1)
      .executeTakeFirst(),
    portfolioLoaded(deps.db, teamId),
  ]);
  return {
    brand: brand !== undefined,
    store: store !== undefined,
    lease: lease !== undefined,
    import: imported !== undefined,
    colleague: colleague !== undefined || invitation !== undefined,
    example_portfolio: example,
  };
}
