import type { Executor } from '../../platform/db';
import type { TermsCents } from './calculations';
import { termsOfLeases } from './repository';
import { termsFrom } from './service';

/** Each lease's percentage-rent terms, the defaults for a lease without saved ones. */
export async function percentageTermsOfLeases(
  db: Executor,
  teamId: number,
  leaseIds: number[],
): Promise<(leaseId: number) => TermsCents> {
  const rows = new Map((await termsOfLeases(db, teamId, leaseIds)).map((row) => [row.lease_id, row]));
  return (leaseId) => termsFrom(rows.get(leaseId));
}
