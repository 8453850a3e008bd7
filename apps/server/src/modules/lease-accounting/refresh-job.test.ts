import { describe, expect, it } from 'vitest';
import { observeQueries } from '../../platform/db';
import { useTestApp } from '../../../test/context';
import { buildLease, createVia, teamWithRoles, uploadImport } from '../../../test/factories';
import type { TestClient } from '../../../test/client';
import { periodJournalFile } from './journal';
import { presentRow } from './presenter';
import { queueStaleScheduleRefreshes, REFRESH_LEASE_SCHEDULES } from './refresh-job';
import { invalidateSchedules, storedRowsOf } from './repository';
import { CLAIM_TTL_MS, computingForRead, refreshSchedules, rowOfStored } from './stored';

const ctx = useTestApp();

/** Five years from 2025-01-01 at $10,000 a month, then `later` from 2027. */
const lease = (reference: string, later = 10_300) => ({
  reference,
  status: 'active',
  commencement_date: '2025-01-01',
  expiration_date: '2029-12-31',
  rent_schedule: [
    { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10_000 },
    { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: later },
  ],
});

const settings = '/app/api/v1/lease-accounting/settings';
const journalUrl = (period: string) =>
  `/app/api/v1/lease-accounting/journal/export?period=${period}&format=csv`;

/** `count` leases that take the team's borrowing rate, each with a stored schedule. */
async function portfolio(count: number) {
  const { admin, team } = await teamWithRoles(ctx);
  expect((await admin.put(settings, { borrowing_rates: [{ up_to_months: 120, rate: 5 }] })).status).toBe(200);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const built = await buildLease(admin, lease(`RF-${i}`));
    expect((await admin.put(`/app/api/v1/leases/${built.id}/accounting`, {})).status).toBe(200);
    ids.push(built.id);
  }
  await settle();
  return { admin, team, ids };
}

/** Lets the background refresh a write started finish, then runs what is still queued. */
async function settle() {
  await ctx.app.deps.jobs.drain();
  await ctx.app.deps.jobs.runDue();
}

const states = (teamId: number) =>
  ctx.db
    .selectFrom('lease_accounting_schedules')
    .select(['lease_id', 'version', 'stored_version', 'claimed_by'])
    .where('team_id', '=', teamId)
    .orderBy('lease_id')
    .execute();

async function staleLeases(teamId: number) {
  return (await states(teamId))
    .filter((row) => row.stored_version === null || Number(row.stored_version) !== Number(row.version))
    .map((row) => Number(row.lease_id));
}

/** The lease's stored rows, presented: equal to its schedule computed afresh when it is current. */
async function storedRows(teamId: number, leaseId: number) {
  return (await storedRowsOf(ctx.db, teamId, leaseId)).map((row) => presentRow(rowOfStored(row)));
}

async function expectCurrent(client: TestClient, teamId: number, leaseId: number) {
  const fresh = await client.get(`/app/api/v1/leases/${leaseId}/accounting/schedule`);
  expect(fresh.status).toBe(200);
  expect(await storedRows(teamId, leaseId)).toEqual(fresh.body.data.rows);
  expect(await staleLeases(teamId)).not.toContain(leaseId);
}

/** Statements of the app's own connection while `run` runs (the test's fixtures use their own executor). */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql.toLowerCase()));
  try {
    return { result: await run(), statements };
  } finally {
    stop();
  }
}

const writesRows = (sql: string) =>
  /^(insert into|delete from|update) "lease_accounting_schedule_rows"/.test(sql);
const storesVersion = (sql: string) => /^update "lease_accounting_schedules" set "stored_version"/.test(sql);

describe('the background refresh of stored lease schedules', () => {
  it('makes every lease current after new team rates, so the month’s journal then writes no schedule rows', async () => {
    const { admin, team, ids } = await portfolio(4);
    const before = await storedRows(team.id, ids[0]!);

    // New rates make every lease that takes its rate from the table stale, and queue the team's refresh.
    expect((await admin.put(settings, { borrowing_rates: [{ up_to_months: 120, rate: 7 }] })).status).toBe(
      200,
    );
    const queued = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', REFRESH_LEASE_SCHEDULES)
      .where('team_id', '=', team.id)
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    await settle();
    expect(await staleLeases(team.id)).toEqual([]);
    for (const id of ids) await expectCurrent(admin, team.id, id);
    expect((await storedRows(team.id, ids[0]!))[0]!.interest).not.toBe(before[0]!.interest);

    const { result, statements } = await statementsDuring(() => admin.get(journalUrl('2025-03')));
    expect(result.status).toBe(200);
    expect(String(result.body).trim().split('\n').length).toBeGreaterThan(ids.length);
    expect(statements.filter(writesRows)).toEqual([]);
    expect(statements.filter(storesVersion)).toEqual([]);
  });

  it('reads a month while many schedules are stale by computing theirs for the file alone, the lines their stored rows give once stored', async () => {
    const { team, ids } = await portfolio(4);
    const file = async (period: string, storeBeforeReading?: number) => {
      const lines: unknown[] = [];
      const made = await periodJournalFile(ctx.app.deps, team.id, period, 'csv', storeBeforeReading);
      if (!('rows' in made)) throw new Error('the journal is written row by row');
      for await (const row of made.rows) lines.push(row);
      return lines;
    };
    // January 2025 holds each lease's initial recognition too.
    const expected = { january: await file('2025-01'), march: await file('2026-03') };
    expect(expected.march.length).toBeGreaterThan(ids.length);

    // Two leases stale, their stored rows wrong: a read that used them would show it.
    const stale = [ids[1]!, ids[3]!];
    await ctx.db
      .updateTable('lease_accounting_schedule_rows')
      .set({ payment_cents: 1, interest_cents: 1, lead_lines: null })
      .where('team_id', '=', team.id)
      .where('lease_id', 'in', stale)
      .execute();
    await invalidateSchedules(ctx.db, team.id, stale);

    const { result, statements } = await statementsDuring(async () => ({
      january: await file('2025-01', 0),
      march: await file('2026-03', 0),
    }));
    expect(result).toEqual(expected);
    expect(statements.filter(writesRows)).toEqual([]);
    expect(await staleLeases(team.id)).toEqual(stale);

    // Under the threshold they are stored first, and the file is the same.
    expect(await file('2026-03')).toEqual(expected.march);
    expect(await staleLeases(team.id)).toEqual([]);
  });

  it('is queued at start for a team whose schedules were never stored, and stores them', async () => {
    const { admin, team, ids } = await portfolio(2);
    // As after the migration that added stored schedules: profiles, and no stored state at all.
    await ctx.db.deleteFrom('lease_accounting_schedules').where('team_id', '=', team.id).execute();
    await ctx.db.deleteFrom('lease_accounting_schedule_rows').where('team_id', '=', team.id).execute();
    expect(await queueStaleScheduleRefreshes(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    // A second instance starting at the same time queues nothing more while the job waits.
    expect(await queueStaleScheduleRefreshes(ctx.app.deps)).toBe(0);
    await settle();
    for (const id of ids) await expectCurrent(admin, team.id, id);
    expect(await queueStaleScheduleRefreshes(ctx.app.deps)).toBe(0);
  });

  it('is queued by a lease write, once per transaction, and not while one is waiting', async () => {
    const { admin, team, ids } = await portfolio(2);
    const waiting = () =>
      ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', REFRESH_LEASE_SCHEDULES)
        .where('team_id', '=', team.id)
        .where('claimed_at', 'is', null)
        .execute();
    expect(await waiting()).toEqual([]);
    for (const id of ids)
      expect((await admin.patch(`/app/api/v1/leases/${id}`, lease(`RF-${id}`, 11_000))).status).toBe(200);
    expect(await waiting()).toHaveLength(1);
    await settle();
    for (const id of ids) await expectCurrent(admin, team.id, id);
    // A lease without an accounting profile has no stored schedule: writing it queues nothing.
    const plain = await buildLease(admin, lease('RF-PLAIN'));
    expect((await admin.patch(`/app/api/v1/leases/${plain.id}`, { reference: 'RF-PLAIN-2' })).status).toBe(
      200,
    );
    expect(await waiting()).toEqual([]);
  });

  it('is queued by an import that updates leases, and stores them from the imported rent', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    await admin.put(settings, { borrowing_rates: [{ up_to_months: 120, rate: 5 }] });
    await createVia(admin, 'stores', { name: 'Dallas', store_number: '7' });
    const importFile = async (csv: string, options: Record<string, unknown> = {}) => {
      const uploaded = await uploadImport(admin, 'leases', { name: 'leases.csv', content: csv });
      expect(uploaded.status).toBe(201);
      const run = await admin.post(`/app/api/v1/imports/${uploaded.body.data.id}/run`, {
        mapping: uploaded.body.data.mapping,
        ...options,
      });
      expect(run.status).toBe(202);
      await ctx.app.deps.jobs.drain();
      return (await admin.get(`/app/api/v1/imports/${uploaded.body.data.id}`)).body.data;
    };
    const references = ['IM-1', 'IM-2', 'IM-3'];
    const rows = (rent: number) =>
      references.map((reference) => `7,${reference},2025-01-01,2029-12-31,${rent}`).join('\n');
    const header = 'Store #,Reference,Commencement,Expiration,Monthly rent\n';
    expect(await importFile(header + rows(8000))).toMatchObject({ created_count: 3 });
    const ids = (await admin.get('/app/api/v1/leases?per_page=10')).body.data.map(
      (l: { id: number }) => l.id,
    );
    for (const id of ids)
      expect((await admin.put(`/app/api/v1/leases/${id}/accounting`, {})).status).toBe(200);
    await settle();
    const refreshes = () =>
      ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', REFRESH_LEASE_SCHEDULES)
        .where('team_id', '=', team.id)
        .execute();
    // Profiles saved one by one store their lease at once: no refresh was needed yet.
    expect(await refreshes()).toEqual([]);

    const updated = await importFile(header + rows(9000), { mode: 'update', match_key: 'reference' });
    expect(updated).toMatchObject({ status: 'completed', updated_count: 3 });
    expect((await refreshes()).length).toBeGreaterThan(0);
    await settle();
    expect(await staleLeases(team.id)).toEqual([]);
    for (const id of ids) {
      await expectCurrent(admin, team.id, id);
      expect((await storedRows(team.id, id))[0]!.payment).toBe(9000);
    }
  });

  it('leaves a lease written while it was being computed stale, then stores it from the new version', async () => {
    const { admin, team, ids } = await portfolio(3);
    await invalidateSchedules(ctx.db, team.id, 'all');
    const edited = ids[1]!;
    let writes = 0;
    const result = await refreshSchedules(ctx.app.deps, team.id, {
      batch: 2,
      async beforeWrite(batch) {
        // The first time the lease is about to be written, a manager changes its later rent.
        if (batch.includes(edited) && writes++ === 0)
          expect((await admin.patch(`/app/api/v1/leases/${edited}`, lease('RF-1', 12_000))).status).toBe(200);
      },
    });
    expect(writes).toBe(2);
    expect(result).toEqual({ stored: 3, finished: true });
    expect(await staleLeases(team.id)).toEqual([]);
    for (const id of ids) await expectCurrent(admin, team.id, id);
    const january2027 = (await storedRows(team.id, edited)).find((row) => row.period === '2027-01');
    expect(january2027?.payment).toBe(12_000);
  });

  it('starts no batch while a month read computes stale leases, and goes on once it has', async () => {
    const { team, ids } = await portfolio(2);
    await invalidateSchedules(ctx.db, team.id, 'all');
    let finishRead!: () => void;
    const read = computingForRead(() => new Promise<void>((resolve) => (finishRead = resolve)));
    let storedDuringRead = false;
    let reading = true;
    const refresh = refreshSchedules(ctx.app.deps, team.id, {
      background: true,
      beforeWrite: async () => {
        storedDuringRead ||= reading;
      },
    });
    // Nothing to wait for but time: several of the refresh's 50 ms looks find the read still computing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await staleLeases(team.id)).toEqual(ids);
    reading = false;
    finishRead();
    await read;
    expect((await refresh).stored).toBe(2);
    expect(storedDuringRead).toBe(false);
    expect(await staleLeases(team.id)).toEqual([]);
  });

  it('gives requests a turn between batches', async () => {
    const { admin, team, ids } = await portfolio(4);
    await invalidateSchedules(ctx.db, team.id, 'all');
    let batches = 0;
    const counting = { batch: 1, beforeWrite: async () => void (batches += 1) };
    // A timer stands for the next request: it runs only in a turn of the event loop, which a refresh made of
    // resolved promises alone (SQLite) would not give until its end.
    let batchesWhenTimerRan = -1;
    setTimeout(() => (batchesWhenTimerRan = batches), 0);
    expect((await refreshSchedules(ctx.app.deps, team.id, counting)).stored).toBe(4);
    expect(batchesWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(batchesWhenTimerRan).toBeLessThan(4);

    // And a request made while a refresh runs is answered before the refresh ends.
    await invalidateSchedules(ctx.db, team.id, 'all');
    let done = false;
    const running = refreshSchedules(ctx.app.deps, team.id, counting).then((result) => {
      done = true;
      return result;
    });
    const answer = await admin.get(`/app/api/v1/leases/${ids[0]}`);
    expect(answer.status).toBe(200);
    expect(done).toBe(false);
    expect((await running).stored).toBe(4);
  });

  it('writes no part of a batch that fails, releases its claims, and a dead run’s claims are taken once expired', async () => {
    const { admin, team, ids } = await portfolio(4);
    const before = await Promise.all(ids.map((id) => storedRows(team.id, id)));
    await invalidateSchedules(ctx.db, team.id, 'all');
    let batch = 0;
    await expect(
      refreshSchedules(ctx.app.deps, team.id, {
        batch: 2,
        async beforeWrite() {
          if (++batch === 2) throw new Error('the process died here');
        },
      }),
    ).rejects.toThrow('the process died here');
    // The first batch is stored; the second kept its old rows whole, stale, and claimed by nobody.
    expect(await staleLeases(team.id)).toEqual(ids.slice(2));
    for (const [index, id] of ids.entries())
      if (index >= 2) expect(await storedRows(team.id, id)).toEqual(before[index]);
    expect((await states(team.id)).every((row) => row.claimed_by === null)).toBe(true);

    // A run that died without releasing holds its lease until the claim expires; the month's journal then
    // takes it over rather than waiting for ever.
    await ctx.db
      .updateTable('lease_accounting_schedules')
      .set({ claimed_by: 'dead-run', claimed_at: new Date(Date.now() - CLAIM_TTL_MS - 1000).toISOString() })
      .where('team_id', '=', team.id)
      .where('lease_id', '=', ids[3]!)
      .execute();
    const live = await refreshSchedules(ctx.app.deps, team.id, { leaseIds: [ids[2]!] });
    expect(live).toEqual({ stored: 1, finished: true });
    expect((await admin.get(journalUrl('2025-03'))).status).toBe(200);
    expect(await staleLeases(team.id)).toEqual([]);
    for (const id of ids) await expectCurrent(admin, team.id, id);
  });

  it('leaves a lease claimed by a live run to it: the job goes on, the journal waits for it', async () => {
    const { admin, team, ids } = await portfolio(2);
    await invalidateSchedules(ctx.db, team.id, [ids[0]!]);
    const claim = () =>
      ctx.db
        .updateTable('lease_accounting_schedules')
        .set({ claimed_by: 'other-run', claimed_at: new Date().toISOString() })
        .where('team_id', '=', team.id)
        .where('lease_id', '=', ids[0]!)
        .execute();
    await claim();
    expect(await refreshSchedules(ctx.app.deps, team.id)).toEqual({ stored: 0, finished: true });
    expect(await staleLeases(team.id)).toEqual([ids[0]]);
    // The other run finishes (its claim released) while the journal waits.
    setTimeout(
      () =>
        void ctx.db
          .updateTable('lease_accounting_schedules')
          .set({ claimed_by: null, claimed_at: null })
          .where('team_id', '=', team.id)
          .where('lease_id', '=', ids[0]!)
          .execute(),
      300,
    );
    const started = Date.now();
    expect((await admin.get(journalUrl('2025-03'))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expectCurrent(admin, team.id, ids[0]!);
  });

  it('computes each stale lease once when two journal exports run at the same time', async () => {
    const { admin, team, ids } = await portfolio(6);
    await invalidateSchedules(ctx.db, team.id, 'all');
    const { result, statements } = await statementsDuring(() =>
      Promise.all([admin.get(journalUrl('2025-03')), admin.get(journalUrl('2025-03'))]),
    );
    expect(result.map((r) => r.status)).toEqual([200, 200]);
    expect(result[0]!.body).toEqual(result[1]!.body);
    // One conditional "stored at version" per lease: neither export recomputed what the other had claimed.
    expect(statements.filter(storesVersion)).toHaveLength(ids.length);
    expect(await staleLeases(team.id)).toEqual([]);
  });
});
