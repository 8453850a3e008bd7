import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { leasesChanged } from '../../platform/lease-changes';
import { recordActivities } from '../activities/index';
import { retireReminderKeys } from '../reminders/index';
import { leaseValuesOfMany } from './service';

const OPTION_NAMES: Record<string, string> = {
  renewal: 'Renewal',
  termination: 'Termination',
  expansion: 'Expansion',
  contraction: 'Contraction',
  purchase: 'Purchase',
};

const SNAPSHOT_BATCH = 200;

export type Transitions = { leases: number; agreements: number; options: number };

/**
 * Statuses that follow from the calendar, moved by the daily job on the team's own date: an active lease
 * past its expiration becomes holdover or expired (the team's setting), an open agreement past its
 * expiration becomes expired, and an option whose last notice date passed unexercised lapses, its
 * reminders closed with that reason. Each change is a conditional UPDATE … RETURNING, so when two
 * instances run it at once each row moves (and is audited) once; every change is in the audit log and,
 * for leases, the lease's history.
 */
export async function applyDateTransitions(
  deps: Deps,
  teamId: number,
  today: string,
  expiredLeaseStatus: 'holdover' | 'expired',
): Promise<Transitions> {
  return writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const leases = await trx
      .updateTable('leases')
      .set({ status: expiredLeaseStatus, updated_at: now })
      .where('team_id', '=', teamId)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .where('expiration_date', '<', today)
      .returning(['id', 'expiration_date'])
      .execute();
    // The lease as it was (active) for its history, read a batch at a time: a first run on a big portfolio
    // moves thousands at once.
    for (let at = 0; at < leases.length; at += SNAPSHOT_BATCH) {
      const batch = leases.slice(at, at + SNAPSHOT_BATCH);
      const values = await leaseValuesOfMany(
        trx,
        teamId,
        batch.map((lease) => lease.id),
      );
      const changes = { status: ['active', expiredLeaseStatus] };
      await recordActivities(
        trx,
        batch.map((lease) => ({
          teamId,
          userId: null,
          subjectType: 'lease',
          subjectId: lease.id,
          action: 'updated',
          changes,
          ip: null,
        })),
      );
      await trx
        .insertInto('lease_amendments')
        .values(
          batch.map((lease, index) => ({
            team_id: teamId,
            lease_id: lease.id,
            kind: 'status',
            summary: `Status set to ${expiredLeaseStatus} by the daily job: the lease expired on ${lease.expiration_date}`,
            changes: JSON.stringify(changes),
            snapshot: JSON.stringify({ ...values[index], status: 'active' }),
            document_id: null,
            user_id: null,
            created_at: now,
          })),
        )
        .execute();
    }

    const agreements = await trx
      .updateTable('franchise_agreements')
      .set({ status: 'expired', updated_at: now })
      .where('team_id', '=', teamId)
      .where('status', '=', 'open')
      .where('deleted_at', 'is', null)
      .where('expiration_date', '<', today)
      .returning(['id'])
      .execute();
    await recordActivities(
      trx,
      agreements.map((agreement) => ({
        teamId,
        userId: null,
        subjectType: 'agreement',
        subjectId: agreement.id,
        action: 'updated',
        changes: { status: ['open', 'expired'] },
        ip: null,
      })),
    );

    const lapsed = await trx
      .updateTable('lease_options')
      .set({ status: 'lapsed' })
      .where('team_id', '=', teamId)
      .where('status', '=', 'open')
      .where('deadline', '<', today)
      .where('lease_id', 'in', (qb) =>
        qb.selectFrom('leases').select('id').where('team_id', '=', teamId).where('deleted_at', 'is', null),
      )
      .returning(['lease_id', 'position', 'kind', 'exercised_count', 'deadline'])
      .execute();
    const lapsedValues = new Map<number, Awaited<ReturnType<typeof leaseValuesOfMany>>[number]>();
    const lapsedLeases = [...new Set(lapsed.map((option) => option.lease_id))];
    // A lapsed renewal no longer extends the term its accounting schedule counted on.
    await leasesChanged(trx, teamId, lapsedLeases);
    for (let at = 0; at < lapsedLeases.length; at += SNAPSHOT_BATCH) {
      const ids = lapsedLeases.slice(at, at + SNAPSHOT_BATCH);
      (await leaseValuesOfMany(trx, teamId, ids)).forEach((values, index) =>
        lapsedValues.set(ids[index]!, values),
      );
    }
    const keys = lapsed.flatMap((option) => {
      const sequence = option.exercised_count + 1;
      return [
        `lease:${option.lease_id}:option:${option.position}:${sequence}`,
        `lease:${option.lease_id}:option:${option.position}:${sequence}:opens`,
      ];
    });
    await retireReminderKeys(trx, teamId, keys, 'lapsed');
    const amendments = lapsed.map((option) => {
      const values = lapsedValues.get(option.lease_id)!;
      const before = {
        ...values,
        options: values.options.map((o, index) => (index === option.position ? { ...o, status: 'open' } : o)),
      };
      return {
        team_id: teamId,
        lease_id: option.lease_id,
        kind: 'lapse',
        summary: `${OPTION_NAMES[option.kind] ?? 'The'} option lapsed: no notice was given by ${option.deadline}`,
        changes: JSON.stringify({ [`options.${option.position}.status`]: ['open', 'lapsed'] }),
        snapshot: JSON.stringify(before),
        document_id: null,
        user_id: null,
        created_at: now,
      };
    });
    for (let at = 0; at < amendments.length; at += SNAPSHOT_BATCH)
      await trx
        .insertInto('lease_amendments')
        .values(amendments.slice(at, at + SNAPSHOT_BATCH))
        .execute();
    await recordActivities(
      trx,
      lapsed.map((option) => ({
        teamId,
        userId: null,
        subjectType: 'lease',
        subjectId: option.lease_id,
        action: 'updated',
        changes: { [`options.${option.position}.status`]: ['open', 'lapsed'] },
        ip: null,
      })),
    );
    if (leases.length || agreements.length || lapsed.length) await bumpTeamWriteVersion(trx, teamId);
    return { leases: leases.length, agreements: agreements.length, options: lapsed.length };
  });
}
