/**
 * The contracts part of the benchmark data set: in the big team, 120,000 leases (every store
 * has a current lease, one in five also an expired earlier one) with rent rows, charges and a renewal
 * option each, 60,000 franchise agreements covering one store each, and 1,000,000 reminders — the
 * generated critical dates of those leases and agreements plus manual reminders — about a third of them
 * completed. Rows go in with multi-row inserts (not the HTTP API), deterministic (seeded PRNG).
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { dialectOf, openDatabase, type DatabaseHandle, type Executor } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { deliverReminderNotices } from '../apps/server/src/modules/reminders/digest';
import { benchAppConfig } from './config';
import { insertAll, mulberry32, type Rng, type Row } from './generate';

export const CONTRACT_COUNTS = { leases: 120_000, agreements: 60_000, reminders: 1_000_000 };
/** Dates are spread around this fixed day, so the data set means the same on any day of the next years. */
const BASE = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const LEAD_DAYS = 180;

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (iso: string, days: number) => day(Date.parse(`${iso}T00:00:00Z`) + days * DAY);
const plusYears = (iso: string, years: number) =>
  `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`.replace('-02-29', '-02-28');

/** Fills the big team (the one `ownerEmail` owns) with leases, agreements and reminders. */
export async function fillContracts(
  handle: DatabaseHandle,
  ownerEmail: string,
  log: (line: string) => void,
  counts: typeof CONTRACT_COUNTS = CONTRACT_COUNTS,
) {
  const started = performance.now();
  const rng = mulberry32(5150);
  const owner = await handle.db
    .selectFrom('users')
    .select(['id', 'current_team_id'])
    .where('email', '=', ownerEmail)
    .executeTakeFirstOrThrow();
  const teamId = Number(owner.current_team_id);
  const stores = await handle.db
    .selectFrom('stores')
    .select(['id', 'name', 'brand_id', 'company_id'])
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const landlords = (
    await handle.db
      .selectFrom('companies')
      .select('id')
      .where('team_id', '=', teamId)
      .where('kind', '=', 'landlord')
      .where('deleted_at', 'is', null)
      .execute()
  ).map((c) => Number(c.id));
  const now = new Date(BASE).toISOString();
  const today = day(BASE);

  const leases: Row[] = [];
  const rentRows: Row[] = [];
  const charges: Row[] = [];
  const options: Row[] = [];
  const reminders: Row[] = [];
  const reminder = (
    subject: string,
    subjectId: number,
    source: string,
    key: string,
    title: string,
    due: string,
    storeName: string,
  ) => {
    const past = due < today;
    reminders.push({
      team_id: teamId,
      subject_type: subject,
      subject_id: subjectId,
      source,
      source_key: key,
      title: `${title} — ${storeName}`,
      note: null,
      due_date: due,
      visible_from: plusDays(due, -LEAD_DAYS),
      // Most past dates were dealt with; a few future ones too.
      read_at: (past ? rng() < 0.85 : rng() < 0.05) ? now : null,
      snoozed_until: !past && rng() < 0.02 ? plusDays(today, int(rng, 1, 30)) : null,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
  };

  for (let i = 0; i < counts.leases; i++) {
    const id = i + 1;
    const store = stores[i % stores.length]!;
    const earlier = i >= stores.length;
    const years = [5, 10, 10, 15][int(rng, 0, 3)]!;
    // Current leases end between 1 year ago (holdovers) and 12 years ahead; earlier ones ended before them.
    const expiration = earlier
      ? day(BASE - int(rng, 400, 3000) * DAY)
      : day(BASE + int(rng, -365, 12 * 365) * DAY);
    const commencement = plusDays(plusYears(expiration, -years), 1);
    const status = earlier ? 'expired' : expiration < today ? 'holdover' : rng() < 0.05 ? 'draft' : 'active';
    const sqft = int(rng, 900, 6000);
    leases.push({
      id,
      team_id: teamId,
      store_id: Number(store.id),
      reference: `L-${String(id).padStart(6, '0')}`,
      status,
      type: ['gross', 'net', 'nnn', 'modified_gross', 'percentage'][int(rng, 0, 4)]!,
      landlord_id: landlords.length ? landlords[int(rng, 0, landlords.length - 1)]! : null,
      tenant_id: store.company_id === null ? null : Number(store.company_id),
      rentable_sqft: sqft,
      commencement_date: commencement,
      rent_commencement_date: commencement,
      expiration_date: expiration,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    // Three rent periods, each 3% above the last; the last runs to the expiration.
    const third = Math.floor((years * 12) / 3);
    let monthly = sqft * int(rng, 150, 450);
    for (let p = 0; p < 3; p++) {
      const start = p === 0 ? commencement : plusDays(plusYears(commencement, 0), p * third * 30);
      const end = p === 2 ? expiration : plusDays(commencement, (p + 1) * third * 30 - 1);
      rentRows.push({
        lease_id: id,
        team_id: teamId,
        start_date: start,
        end_date: end,
        monthly_cents: monthly,
        per_sqft_cents: null,
      });
      if (p > 0 && !earlier)
        reminder(
          'lease',
          id,
          'rent_escalation',
          `lease:${id}:escalation:${p}`,
          'Rent escalation',
          start,
          store.name,
        );
      monthly = Math.round(monthly * 1.03);
    }
    charges.push({
      lease_id: id,
      team_id: teamId,
      kind: 'cam',
      monthly_cents: sqft * int(rng, 20, 60),
      estimated: 1,
    });
    charges.push({
      lease_id: id,
      team_id: teamId,
      kind: 'taxes',
      monthly_cents: sqft * int(rng, 10, 30),
      estimated: 0,
    });
    const deadline = plusDays(expiration, -180);
    options.push({
      lease_id: id,
      team_id: teamId,
      position: 0,
      kind: 'renewal',
      count: 2,
      length_months: 60,
      notice_days: 180,
      notice_from: 'expiration',
      deadline,
      delivery_method: 'Certified mail',
      status: earlier ? 'lapsed' : 'open',
    });
    if (!earlier) {
      reminder(
        'lease',
        id,
        'lease_expiration',
        `lease:${id}:expiration`,
        'Lease expires',
        expiration,
        store.name,
      );
      reminder(
        'lease',
        id,
        'option_notice',
        `lease:${id}:option:0`,
        'Renewal notice deadline',
        deadline,
        store.name,
      );
    }
  }

  const agreements: Row[] = [];
  const agreementStores: Row[] = [];
  for (let i = 0; i < counts.agreements; i++) {
    const id = i + 1;
    const store = stores[(i * 5) % stores.length]!;
    const leaseExpiration = String(leases[(i * 5) % stores.length]!.expiration_date);
    // Most agreements end within a month of their store's lease; one in ten is months apart (misaligned).
    const expiration = plusDays(
      leaseExpiration,
      rng() < 0.1 ? int(rng, 120, 900) * (rng() < 0.5 ? -1 : 1) : int(rng, -30, 30),
    );
    const effective = plusYears(expiration, -10);
    agreements.push({
      id,
      team_id: teamId,
      brand_id: Number(store.brand_id ?? 1),
      franchisee_id: store.company_id === null ? null : Number(store.company_id),
      agreement_number: `FA-${String(id).padStart(6, '0')}`,
      type: 'single_unit',
      status: expiration < today ? 'expired' : 'open',
      effective_date: effective,
      expiration_date: expiration,
      initial_term_months: 120,
      renewal_count: 1,
      renewal_length_months: 60,
      renewal_notice_days: 365,
      royalty_percent: 6,
      marketing_percent: 2,
      territory_exclusive: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    agreementStores.push({ agreement_id: id, store_id: Number(store.id), team_id: teamId });
    reminder(
      'agreement',
      id,
      'agreement_expiration',
      `agreement:${id}:expiration`,
      'Franchise agreement expires',
      expiration,
      store.name,
    );
    reminder(
      'agreement',
      id,
      'agreement_renewal_notice',
      `agreement:${id}:renewal_notice`,
      'Franchise renewal notice',
      plusDays(expiration, -365),
      store.name,
    );
  }

  // Manual reminders make up the rest of the million: certificates, permits, calls.
  const manual = [
    'Insurance certificate due',
    'Health permit renewal',
    'Call the landlord about CAM',
    'Sales report due',
    'Fire inspection',
  ];
  for (let i = 0; reminders.length < counts.reminders; i++) {
    const store = stores[int(rng, 0, stores.length - 1)]!;
    const due = day(BASE + int(rng, -3 * 365, 5 * 365) * DAY);
    reminder('store', Number(store.id), 'manual', `manual:${i}`, manual[i % manual.length]!, due, store.name);
    reminders[reminders.length - 1]!.source_key = null;
  }

  await handle.db.transaction().execute(async (trx) => {
    await insertAll(trx, 'leases', leases);
    await insertAll(trx, 'lease_rent_rows', rentRows);
    await insertAll(trx, 'lease_charges', charges);
    await insertAll(trx, 'lease_options', options);
    await insertAll(trx, 'franchise_agreements', agreements);
    await insertAll(trx, 'agreement_stores', agreementStores);
    await insertAll(trx, 'reminders', reminders);
  });
  if (handle.dialect === 'postgres') {
    for (const table of ['leases', 'franchise_agreements']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        handle.db,
      );
    }
  }
  log(
    `  contracts: ${leases.length.toLocaleString('en')} leases, ${agreements.length.toLocaleString('en')} agreements, ${reminders.length.toLocaleString('en')} reminders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Notices, digests and their mail from an earlier run go, so every run's scan does the same work. On PostgreSQL
 * the deleted rows are vacuumed away too: without autovacuum (this machine's PostgreSQL runs without it) each
 * run left 300,000 dead rows in these tables and their keys, and the scan that inserts into them slowed from run
 * to run (25 s on fresh tables, 46 s after a dozen runs).
 */
export async function resetNotices(db: Executor) {
  await db.deleteFrom('reminder_notices').execute();
  await db.deleteFrom('reminder_escalations').execute();
  await db.deleteFrom('digest_runs').execute();
  await db.deleteFrom('outbox').execute();
  if (dialectOf(db) === 'postgres')
    await sql`vacuum reminder_notices, reminder_escalations, digest_runs, outbox`.execute(db);
}

/**
 * Marks the queued mail delivered. A server's first start on a data set whose notices were never claimed today
 * runs the reminder scan over the million reminders, and its ~50,000 notice mails then go out in the background for
 * minutes: a file and a write per mail, each write making SQLite's kept reads read again. A benchmark of the request
 * path starts once they are marked delivered; the scan and the latency beside background work are measured on their
 * own. Returns how many were queued.
 */
async function markMailDelivered(db: Executor): Promise<number> {
  const done = await db
    .updateTable('outbox')
    .set({ sent_at: new Date().toISOString() })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** `markMailDelivered` on the data set at `databaseUrl`. */
export async function markQueuedMailDelivered(databaseUrl: string): Promise<number> {
  const handle = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    return await markMailDelivered(handle.db);
  } finally {
    await handle.close();
  }
}

/** Adds the contracts to a data set that has none yet (the records and documents layers are cached apart). */
export async function ensureContracts(databaseUrl: string, ownerEmail: string, log: (line: string) => void) {
  const handle = openDatabase(databaseUrl, { poolSize: 2 });
  try {
    await migrateToLatest(handle);
    const owner = await handle.db
      .selectFrom('users')
      .select('current_team_id')
      .where('email', '=', ownerEmail)
      .executeTakeFirstOrThrow();
    const existing = await handle.db
      .selectFrom('leases')
      .select('id')
      .where('team_id', '=', Number(owner.current_team_id))
      .limit(1)
      .executeTakeFirst();
    if (existing) return;
    await fillContracts(handle, ownerEmail, log);
    if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

export type ScanResult = {
  seconds: number;
  claimed: number;
  digests: number;
  escalated: number;
  transitions: number;
  openReminders: number;
};

/**
 * The nightly reminder scan over the whole database, as the app's hourly tick runs it (claim notices,
 * mail the last week's at once, send the day's digests), timed in this process against the data set.
 * Notices and mail of earlier runs are removed first, so each run does the same work. The day's notices are left
 * claimed and their mail delivered, as a running server leaves them: removed, the next server's start ran the whole
 * scan again, and the major collection of what that left on its heap (40 ms of a 2 s `bench:search` round) landed
 * in the middle of that server's first measured round.
 */
export async function measureScan(databaseUrl: string, dataDir: string): Promise<ScanResult> {
  const database = openDatabase(databaseUrl, { poolSize: 2 });
  const config = benchAppConfig(databaseUrl, dataDir);
  const app = await buildApp({ config, database });
  try {
    await resetNotices(database.db);
    const open = await database.db
      .selectFrom('reminders')
      .select(sql<number>`count(*)`.as('n'))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const { claimed, digests, escalated, transitions } = await deliverReminderNotices(
      app.deps,
      day(Date.now()),
    );
    const seconds = (performance.now() - started) / 1000;
    return { seconds, claimed, digests, escalated, transitions, openReminders: Number(open.n) };
  } finally {
    // Once the app has stopped: its mail worker, still sending the scan's mail, updates the same outbox rows one at
    // a time, and PostgreSQL once ended this bulk update as a deadlock with it.
    await app.close();
    await markMailDelivered(database.db);
    await database.close();
  }
}
