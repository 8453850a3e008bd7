import type { Executor } from '../../platform/db';
import { teamScope } from '../../platform/policy';
import { whereInScope } from '../../platform/db/scope';

/**
 * What rent payables are generated from: the team's live, signed leases (not drafts) that have a start, with
 * their store, landlord, rent rows and charges. `leaseIds` narrows to some leases; `percentageRentOnly` to
 * those with a percentage rent rate (the portfolio percentage-rent report).
 */
export async function payableLeases(
  db: Executor,
  teamId: number,
  leaseIds?: number[],
  options: { percentageRentOnly?: boolean } = {},
) {
  let query = db
    .selectFrom('leases')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .leftJoin('companies as landlord', 'landlord.id', 'leases.landlord_id')
    .select([
      'leases.id',
      'leases.reference',
      'leases.status',
      'leases.store_id',
      'stores.name as store_name',
      'leases.landlord_id',
      'landlord.name as landlord_name',
      'leases.commencement_date',
      'leases.rent_commencement_date',
      'leases.expiration_date',
      'leases.rentable_sqft',
      'leases.holdover_rate',
      'leases.free_rent_until',
      'leases.percentage_rent_rate',
      'leases.percentage_rent_breakpoint_cents',
    ])
    .where((eb) => whereInScope(eb, teamScope(teamId), 'leases'))
    .where('leases.deleted_at', 'is', null)
    .where('leases.status', '!=', 'draft')
    .where((eb) =>
      eb.or([
        eb('leases.commencement_date', 'is not', null),
        eb('leases.rent_commencement_date', 'is not', null),
      ]),
    );
  if (leaseIds) query = query.where('leases.id', 'in', leaseIds.length ? leaseIds : [0]);
  if (options.percentageRentOnly) query = query.where('leases.percentage_rent_rate', '>', 0);
  const leases = await query.orderBy('leases.id').execute();
  if (!leases.length) return [];
  const ids = leases.map((l) => l.id);
  const rent: Array<{
    lease_id: number;
    start_date: string;
    end_date: string;
    monthly_cents: number | null;
    per_sqft_cents: number | null;
  }> = [];
  const charges: Array<{ lease_id: number; kind: string; monthly_cents: number }> = [];
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    rent.push(
      ...(await db
        .selectFrom('lease_rent_rows')
        .select(['lease_id', 'start_date', 'end_date', 'monthly_cents', 'per_sqft_cents'])
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', part)
        .orderBy('start_date')
        .execute()),
    );
    charges.push(
      ...(await db
        .selectFrom('lease_charges')
        .select(['lease_id', 'kind', 'monthly_cents'])
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', part)
        .orderBy('id')
        .execute()),
    );
  }
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  // Grouped once: filtering the rows per lease is quadratic over a whole portfolio's leases.
  const rentOf = new Map<number, typeof rent>();
  for (const r of rent) (rentOf.get(r.lease_id) ?? rentOf.set(r.lease_id, []).get(r.lease_id)!).push(r);
  const chargesOf = new Map<number, typeof charges>();
  for (const c of charges)
    (chargesOf.get(c.lease_id) ?? chargesOf.set(c.lease_id, []).get(c.lease_id)!).push(c);
  return leases.map((lease) => ({
    ...lease,
    commencement_date: lease.commencement_date && String(lease.commencement_date),
    rent_commencement_date: lease.rent_commencement_date && String(lease.rent_commencement_date),
    expiration_date: lease.expiration_date && String(lease.expiration_date),
    free_rent_until: lease.free_rent_until && String(lease.free_rent_until),
    percentage_rent_rate: num(lease.percentage_rent_rate),
    percentage_rent_breakpoint_cents: num(lease.percentage_rent_breakpoint_cents),
    rent: (rentOf.get(lease.id) ?? []).map((r) => ({
      start_date: String(r.start_date),
      end_date: String(r.end_date),
      monthly_cents: num(r.monthly_cents),
      per_sqft_cents: num(r.per_sqft_cents),
    })),
    charges: (chargesOf.get(lease.id) ?? []).map((c) => ({
      kind: c.kind,
      monthly_cents: Number(c.monthly_cents),
    })),
  }));
}
/** The ids of the live leases of these stores (what a store's occupancy cost is summed over). */
export async function leaseIdsOfStores(db: Executor, teamId: number, storeIds: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < storeIds.length; i += 500)
    ids.push(
      ...(
        await db
          .selectFrom('leases')
          .select('id')
          .where('team_id', '=', teamId)
          .where('store_id', 'in', storeIds.slice(i, i + 500))
          .where('deleted_at', 'is', null)
          .execute()
      ).map((row) => row.id),
    );
  return ids;
}

export type PayableLeaseRow = Awaited<ReturnType<typeof payableLeases>>[number];
