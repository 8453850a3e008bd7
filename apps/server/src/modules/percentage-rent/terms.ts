import type { Executor } from '../../platform/db';
import { teamCalendar } from '../teams/index';
import type { TermsCents } from './calculations';
import { termsOfLeases } from './repository';
import { termsFrom } from './service';

/** Each lease's percentage-rent terms, the team's defaults where a lease has no reading of its own. */
export async function percentageTermsOfLeases(
  db: Executor,
  teamId: number,
  leaseIds: number[],
): Promise<(leaseId: number) => TermsCents> {
  const rows = new Map((await termsOfLeases(db, teamId, leaseIds)).map((row) => [row.lease_id, row]));
  const { percentage } = await teamCalendar(db, teamId);
  return (leaseId) => termsFrom(rows.get(leaseId), percentage);
}
