import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type ExpressionBuilder } from 'kysely';
import {
  IMPORT_BATCH_SIZE,
  IMPORT_MAX_ROWS,
  type ImportMapping,
  type ImportMode,
  type ImportType,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { crossTeam, type Executor, writeTransaction } from '../../platform/db';
import { insertMany } from '../../platform/db/insert-many';
import type { Database } from '../../platform/db/schema';
import type { QueuedRow } from '../../platform/queue';
import { nowIso } from '../../platform/clock';
import { invalid } from '../../platform/errors';
import { recordActivity } from '../activities/index';
import { type SheetRow } from './parse';
import type { CellError, Operation } from './prepare';
import { targetOf, type ImportTarget } from './targets';
import { findImport, tableOf, publish, present, type ImportRow } from './state';

// The run: rows checked, written in batches, committed and revealed; recovery of runs whose process is gone.

export const RUN_IMPORT = 'import.run';
/**
 * A running import beats (imports.heartbeat_at) with every batch, far more often than this: one whose
 * heartbeat is older has lost its process, and any instance recovers it.
 */
const IMPORT_STALE_MS = 60_000;

export type RunHooks = {
  batchSize?: number;
  afterBatch?: (committed: number) => Promise<void>;
  afterCommitPoint?: () => Promise<void>;
  afterRevealBatch?: (revealed: number) => Promise<void>;
};

class Cancelled extends Error {}
/** Another process took the import over (its recovery decided this one was gone): it finishes or rolls back. */
class Superseded extends Error {}
/** The commit point refused (another request took a value the import's rows need): a failure with this message. */
class Refused extends Error {}

/**
 * Rows per write transaction. On SQLite a transaction holds the one connection and its statements run
 * synchronously, so no request is answered until it commits: small batches keep that under ~20 ms.
 */
const writeBatchSize = (deps: Deps) =>
  deps.dialect === 'sqlite' ? IMPORT_BATCH_SIZE / 5 : IMPORT_BATCH_SIZE;

/**
 * Records per reveal transaction. Each reveal bumps the team's write version, and every list page the team asks
 * meanwhile is read and counted afresh: on PostgreSQL, where a longer transaction blocks nobody's reads, fewer
 * and larger reveals spare most of those reads.
 */
const revealBatchSize = (deps: Deps) =>
  deps.dialect === 'sqlite' ? writeBatchSize(deps) : IMPORT_BATCH_SIZE * 4;

/**
 * Reveal transactions in flight at once. On PostgreSQL two, each on its own connection: one batch's statements
 * waited on each other in turn with the server and the database each about half idle (a 100,000-store import),
 * and two batches touch disjoint rows; the team's version and the import's heartbeat they share are taken last.
 * SQLite has one connection.
 */
const revealConcurrency = (deps: Deps) => (deps.dialect === 'sqlite' ? 1 : 2);

/** import_changes as `insertMany` writes them: each batch's log in one statement. */
const IMPORT_CHANGE_COLUMNS = {
  import_id: 'integer',
  subject_id: 'integer',
  action: 'text',
  before: 'text',
  after_updated_at: 'timestamptz',
} as const;

/** This process as an import's runner: an instance restarted on the same host and port is the same runner. */
const runnerOf = (deps: Deps) => `${os.hostname()}:${deps.config.PORT}`;

/**
 * The background run. Rows are checked first (nothing written); with any invalid row and no "skip invalid
 * rows", the run stops there. Then rows are written in batches of IMPORT_BATCH_SIZE, each in one transaction
 * that also logs what it did (import_changes) and yields to the event loop after it, so requests are
 * served between batches. Records the run creates are hidden (PENDING_IMPORT) until the commit point
 * (imports.committed_at); after it they are revealed batch by batch and the import completes, whatever
 * happens to this process (recovery finishes the reveal). Before it, cancel, an error or a lost process
 * roll the logged batches back; nobody could see the hidden rows, and an update someone changed since is
 * left as they made it.
 */
export async function runImport(
  deps: Deps,
  importId: number,
  jobId: number | null,
  hooks: RunHooks = {},
): Promise<void> {
  const found = await crossTeam(deps.db, 'import job: the job names its import, whose row names the team')
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!found) return;
  let row = found as ImportRow;
  const target = targetOf(row.type as ImportType);
  if (row.status === 'running') {
    // The job's claim expired: its process is gone, unless the import still beats (then it is left alone).
    await recoverImports(deps, { importId });
    return;
  }
  if (row.status !== 'queued') return;
  if (row.cancel_requested_at) return finish(deps, row, 'cancelled', 'Cancelled before it started.');
  const runner = runnerOf(deps);
  const now = nowIso();
  const claimed = await deps.db
    .updateTable('imports')
    .set({ status: 'running', started_at: now, runner, heartbeat_at: now })
    .where('id', '=', importId)
    .where('team_id', '=', row.team_id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (!Number(claimed.numUpdatedRows)) return;
  row = { ...row, status: 'running', runner };
  publish(deps, row, { status: 'running', processed_rows: 0 });

  try {
    const operations = await checkRows(deps, row, target);
    if (!operations) return;
    await writeRows(deps, row, target, operations, jobId, hooks);
    await commitImport(deps, row, target, hooks);
  } catch (error) {
    if (error instanceof Superseded) return;
    const { committed_at } = await deps.db
      .selectFrom('imports')
      .select('committed_at')
      .where('id', '=', importId)
      .where('team_id', '=', row.team_id)
      .executeTakeFirstOrThrow();
    // Past the commit point the import completes: the job fails, and its next run (or recovery) finishes it.
    if (committed_at) throw error;
    // Rolling back may itself fail (the database went away): then recovery rolls back from the log later.
    const kept = await rollBack(deps, row, target);
    if (error instanceof Cancelled)
      await finish(
        deps,
        row,
        'cancelled',
        `Cancelled; nothing from this import was kept.${keptNote(target, kept)}`,
      );
    else if (error instanceof Refused)
      await finish(deps, row, 'failed', `${error.message}${keptNote(target, kept)}`);
    else {
      deps.log.error({ err: error, importId }, 'import failed');
      await finish(
        deps,
        row,
        'failed',
        `The import failed unexpectedly; nothing from it was kept.${keptNote(target, kept)}`,
      );
    }
  }
}

/** What a rollback left alone because other requests had changed or built on it since. */
function keptNote(target: ImportTarget, kept: number) {
  if (!kept) return '';
  const what = `${kept} ${target.label.toLowerCase()}${kept === 1 ? '' : 's'}`;
  return ` ${what} the import had changed ${kept === 1 ? 'was' : 'were'} changed or built on by someone since and kept as they are now.`;
}

/**
 * The commit point, then the reveal: once `committed_at` is set the import is decided, and the hidden records
 * are made visible in batches (each with its search rows and reminders) and the import completes.
 */
async function commitImport(deps: Deps, row: ImportRow, target: ImportTarget, hooks: RunHooks) {
  // Checked in batches before the commit point, not inside its transaction (which would hold SQLite's one
  // connection for all of them); a value taken after the check is handled by the reveal, which skips the row.
  if (target.conflict) {
    for await (const ids of createdBatches(deps, row)) {
      const conflict = await target.conflict(deps.db, row.team_id, ids);
      if (conflict) throw new Refused(`Nothing was imported: ${conflict}. Run the import again.`);
    }
  }
  await writeTransaction(deps.db, async (trx) => {
    const current = await trx
      .selectFrom('imports')
      .select(['cancel_requested_at', 'status', 'runner'])
      .where('id', '=', row.id)
      .where('team_id', '=', row.team_id)
      .executeTakeFirstOrThrow();
    if (current.status !== 'running' || current.runner !== row.runner) throw new Superseded();
    if (current.cancel_requested_at) throw new Cancelled();
    const now = nowIso();
    await trx
      .updateTable('imports')
      .set({ committed_at: now, heartbeat_at: now })
      .where('id', '=', row.id)
      .where('team_id', '=', row.team_id)
      .execute();
  });
  await hooks.afterCommitPoint?.();
  await revealImport(deps, row, target, hooks);
}

/** The ids of the records the run created, a reveal batch at a time, with a turn of the event loop between. */
async function* createdBatches(deps: Deps, row: ImportRow): AsyncGenerator<number[]> {
  const size = revealBatchSize(deps);
  for (let after = 0; ;) {
    const ids = (
      await deps.db
        .selectFrom('import_changes')
        .select('subject_id')
        .where('import_id', '=', row.id)
        .where('action', '=', 'create')
        .where('subject_id', '>', after)
        .orderBy('subject_id')
        .limit(size)
        .execute()
    ).map((c) => c.subject_id);
    if (!ids.length) return;
    yield ids;
    after = ids.at(-1)!;
    await nextTurn();
  }
}

async function revealImport(deps: Deps, row: ImportRow, target: ImportTarget, hooks: RunHooks = {}) {
  const blocked: number[] = [];
  let revealed = 0;
  const reveal = async (ids: number[]) => {
    await writeTransaction(deps.db, async (trx) => {
      blocked.push(...(await target.reveal(trx, row.team_id, ids)));
      await trx
        .updateTable('imports')
        .set({ heartbeat_at: nowIso() })
        .where('id', '=', row.id)
        .where('team_id', '=', row.team_id)
        .execute();
    });
    // The statistics taken while the rows were written saw them all hidden: PostgreSQL then counts one live
    // row in the team and serves its list pages by sorting every row revealed so far (50–100 ms a page at
    // 75,000 stores, every page while the reveal bumps the team's version). Once the first batch is visible
    // the planner sees live rows again and reads a page in index order; the import's end takes the final ones.
    if (revealed === 0) await analyzeImportTables(deps, row.type, 'written');
    revealed += ids.length;
    await hooks.afterRevealBatch?.(revealed);
  };
  // The first batch alone (the ANALYZE above follows it), then up to `revealConcurrency` at once. A batch that
  // fails lets the others in flight finish (each commits or rolls back whole), then the failure goes on.
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  const concurrency = revealConcurrency(deps);
  for await (const ids of createdBatches(deps, row)) {
    if (revealed === 0) {
      await reveal(ids);
      continue;
    }
    const batch: Promise<void> = reveal(ids)
      .catch((error: unknown) => void failures.push(error))
      .finally(() => inFlight.delete(batch));
    inFlight.add(batch);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failures.length) break;
  }
  await Promise.all(inFlight);
  if (failures.length) throw failures[0];
  const completed = await writeTransaction(deps.db, async (trx) => {
    const done = await trx
      .updateTable('imports')
      .set({ status: 'completed', finished_at: nowIso() })
      .where('id', '=', row.id)
      .where('team_id', '=', row.team_id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) return false;
    // Rows whose unique value someone took between the commit point and their reveal are skipped, not stuck.
    for (let at = 0; at < blocked.length; at += IMPORT_BATCH_SIZE) {
      const ids = blocked.slice(at, at + IMPORT_BATCH_SIZE);
      const changes = await trx
        .selectFrom('import_changes')
        .selectAll()
        .where('import_id', '=', row.id)
        .where('subject_id', 'in', ids)
        .execute();
      await target.rollBack(trx, row.team_id, changes);
      await trx
        .deleteFrom('import_changes')
        .where('import_id', '=', row.id)
        .where('subject_id', 'in', ids)
        .execute();
    }
    if (blocked.length) {
      const message = `${blocked.length} ${blocked.length === 1 ? 'row was' : 'rows were'} skipped: a record created while the import ran took ${blocked.length === 1 ? 'its' : 'their'} unique value.`;
      await trx
        .updateTable('imports')
        .set((eb) => ({
          created_count: eb('created_count', '-', blocked.length),
          skipped_count: eb('skipped_count', '+', blocked.length),
          message,
        }))
        .where('id', '=', row.id)
        .where('team_id', '=', row.team_id)
        .execute();
    }
    const counts = await trx
      .selectFrom('imports')
      .select(['created_count', 'updated_count', 'skipped_count', 'error_count'])
      .where('id', '=', row.id)
      .where('team_id', '=', row.team_id)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      teamId: row.team_id,
      userId: row.user_id,
      subjectType: 'import',
      subjectId: row.id,
      action: 'imported',
      changes: { type: row.type, file: row.file_name, ...counts },
    });
    return true;
  });
  if (completed) {
    await refreshPlannerStatistics(deps, row);
    publish(deps, row, await present(deps.db, await findImport(deps.db, row.team_id, row.id)));
  }
}

/**
 * The tables a large import fills, whose PostgreSQL statistics would otherwise lag until autovacuum's next pass:
 * `written` while its batches run (the records, hidden), `revealed` once it commits (search rows, reminders).
 */
const IMPORT_STATISTICS_TABLES: Record<string, { written: string[]; revealed: string[] }> = {
  companies: { written: ['companies'], revealed: ['search_index', 'search_terms'] },
  brands: { written: ['brands'], revealed: ['search_index', 'search_terms'] },
  stores: { written: ['stores'], revealed: ['search_index', 'search_terms'] },
  contacts: { written: ['contacts'], revealed: ['search_index', 'search_terms'] },
  leases: { written: ['leases', 'lease_rent_rows', 'lease_options'], revealed: ['reminders'] },
  agreements: { written: ['franchise_agreements', 'agreement_stores'], revealed: ['reminders'] },
  sales: { written: ['sales'], revealed: [] },
};

/**
 * After a large import on PostgreSQL, the planner still believes the tables are as small as they were: a search
 * over 20,000 just-imported stores took 40 s until autovacuum caught up. ANALYZE samples the tables the
 * import filled (seconds on a big table, and off the request path); a failure only means waiting for autovacuum.
 */
async function refreshPlannerStatistics(deps: Deps, row: ImportRow) {
  if (deps.dialect !== 'postgres') return;
  const counts = await deps.db
    .selectFrom('imports')
    .select(['created_count', 'updated_count'])
    .where('id', '=', row.id)
    .where('team_id', '=', row.team_id)
    .executeTakeFirstOrThrow();
  if (Number(counts.created_count) + Number(counts.updated_count) < 1000) return;
  await analyzeImportTables(deps, row.type, 'all');
}

/** Written rows between two ANALYZEs of a running import (PostgreSQL). */
const STATISTICS_EVERY_ROWS = 20_000;

/** Whether the batch that brought the count to `done` crossed a multiple of STATISTICS_EVERY_ROWS. */
const statisticsDue = (done: number, batchLength: number) =>
  Math.floor(done / STATISTICS_EVERY_ROWS) > Math.floor((done - batchLength) / STATISTICS_EVERY_ROWS);

/**
 * `written`: the tables the batches fill, while they run and once the first revealed batch is visible; the search
 * rows and reminders are only written by the reveal, so sampling them earlier (a second or more each on a big
 * database) bought nothing. `all`: every table, once the import is done.
 */
async function analyzeImportTables(deps: Deps, type: string, tables: 'written' | 'all') {
  if (deps.dialect !== 'postgres') return;
  const filled = IMPORT_STATISTICS_TABLES[type] ?? { written: [], revealed: [] };
  // import_changes too: its log of the run is read back in order for the commit point's checks and the reveal,
  // and with statistics from before the run that read sorted the whole rest of the log for every batch.
  for (const table of [...filled.written, ...(tables === 'all' ? filled.revealed : []), 'import_changes']) {
    await sql`analyze ${sql.table(table)}`
      .execute(deps.db)
      .catch((error: unknown) => deps.log.warn({ err: error, table }, 'analyze during an import failed'));
  }
}

/**
 * Imports whose process is gone: at start-up (`startup`) those this instance ran and any whose heartbeat
 * stopped; later (`importId` or none) only those whose heartbeat stopped. Each is taken over with one
 * conditional update, so two instances never recover the same import, then rolled back (before its commit
 * point) or revealed and completed (after it). Returns how many were recovered.
 */
export async function recoverImports(
  deps: Deps,
  options: { startup?: boolean; importId?: number } = {},
): Promise<number> {
  const me = runnerOf(deps);
  const now = nowIso();
  const stale = new Date(Date.parse(now) - IMPORT_STALE_MS).toISOString();
  // At start-up, this instance's imports that beat before it started: one this process starts meanwhile beats later.
  const ours = (eb: ExpressionBuilder<Database, 'imports'>) =>
    options.startup ? [eb.and([eb('runner', '=', me), eb('heartbeat_at', '<', now)])] : [];
  const orphaned = (eb: ExpressionBuilder<Database, 'imports'>) =>
    eb.and([
      eb('status', '=', 'running'),
      eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', stale), ...ours(eb)]),
    ]);
  let query = crossTeam(deps.db, 'import recovery: the stale runs of every team')
    .selectFrom('imports')
    .selectAll()
    .where(orphaned);
  if (options.importId !== undefined) query = query.where('id', '=', options.importId);
  let recovered = 0;
  for (const found of (await query.orderBy('id').execute()) as ImportRow[]) {
    const taken = await deps.db
      .updateTable('imports')
      .set({ runner: me, heartbeat_at: nowIso() })
      .where('id', '=', found.id)
      .where('team_id', '=', found.team_id)
      .where(orphaned)
      .executeTakeFirst();
    if (!Number(taken.numUpdatedRows)) continue;
    const row = { ...found, runner: me };
    const target = targetOf(row.type as ImportType);
    if (row.committed_at) await revealImport(deps, row, target);
    else {
      const kept = await rollBack(deps, row, target);
      await finish(
        deps,
        row,
        'failed',
        `The import was interrupted before it finished; nothing from it was kept. Run it again.${keptNote(target, kept)}`,
      );
    }
    // Its job, if still claimed by the lost process, has nothing left to do.
    await deps.db
      .updateTable('jobs')
      .set({ finished_at: nowIso() })
      .where('kind', '=', RUN_IMPORT)
      .where('finished_at', 'is', null)
      .where('payload', '=', JSON.stringify({ importId: row.id }))
      .execute();
    recovered += 1;
  }
  return recovered;
}

async function finish(deps: Deps, row: ImportRow, status: 'failed' | 'cancelled', message: string) {
  await deps.db
    .updateTable('imports')
    .set({ status, message, finished_at: nowIso() })
    .where('id', '=', row.id)
    .where('team_id', '=', row.team_id)
    .execute();
  publish(deps, row, await present(deps.db, await findImport(deps.db, row.team_id, row.id)));
}

/** Beats, and stops the run when it was cancelled or taken over. */
async function throwIfCancelled(deps: Deps, row: ImportRow) {
  const beat = await deps.db
    .updateTable('imports')
    .set({ heartbeat_at: nowIso() })
    .where('id', '=', row.id)
    .where('team_id', '=', row.team_id)
    .where('status', '=', 'running')
    .where('runner', '=', row.runner)
    .executeTakeFirst();
  if (!Number(beat.numUpdatedRows)) throw new Superseded();
  const current = await deps.db
    .selectFrom('imports')
    .select('cancel_requested_at')
    .where('id', '=', row.id)
    .where('team_id', '=', row.team_id)
    .executeTakeFirst();
  if (current?.cancel_requested_at) throw new Cancelled();
}

/** Reads and checks every row; returns the operations, or null when invalid rows stop the run. */
async function checkRows(deps: Deps, row: ImportRow, target: ImportTarget): Promise<Operation[] | null> {
  const table = await tableOf(deps, row);
  const options = {
    type: row.type as ImportType,
    fields: await target.fields(deps.db, row.team_id),
    mapping: JSON.parse(row.mapping ?? '{}') as ImportMapping,
    mode: (row.mode ?? 'create') as ImportMode,
    matchKey: row.match_key,
    headers: table.headers,
  };
  const preparer = await target.preparer(deps.db, row.team_id, options);
  const operations: Operation[] = [];
  const errors: CellError[] = [];
  let chunk: SheetRow[] = [];
  let total = 0;
  let skipped = 0;
  let invalidRows = 0;
  const flush = async () => {
    for (const outcome of await preparer.prepare(chunk)) {
      if (outcome.kind === 'operation') operations.push(outcome.operation);
      else if (outcome.kind === 'skip') skipped += 1;
      else {
        invalidRows += 1;
        errors.push(...outcome.errors);
      }
    }
    chunk = [];
    // Checking is synchronous work between awaits that never leave the microtask queue: requests wait for this.
    await nextTurn();
  };
  for await (const sheetRow of table.rows()) {
    total += 1;
    if (total > IMPORT_MAX_ROWS)
      throw invalid('file', `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`);
    chunk.push(sheetRow);
    if (chunk.length >= writeBatchSize(deps)) {
      await flush();
      if (total % (IMPORT_BATCH_SIZE * 10) === 0) await throwIfCancelled(deps, row);
    }
  }
  await flush();
  const skipInvalid = !!row.skip_invalid;
  await writeTransaction(deps.db, async (trx) => {
    for (let at = 0; at < errors.length; at += 200) {
      await trx
        .insertInto('import_errors')
        .values(
          errors.slice(at, at + 200).map((e) => ({
            import_id: row.id,
            row_number: e.rowNumber,
            column_name: e.column.slice(0, 255),
            value: e.value?.slice(0, 1000) ?? null,
            message: e.message.slice(0, 1000),
          })),
        )
        .execute();
    }
    await trx
      .updateTable('imports')
      .set({
        total_rows: total,
        error_count: invalidRows,
        skipped_count: skipped + (skipInvalid ? invalidRows : 0),
      })
      .where('id', '=', row.id)
      .where('team_id', '=', row.team_id)
      .execute();
  });
  publish(deps, row, { status: 'running', total_rows: total, error_count: invalidRows });
  if (invalidRows && !skipInvalid) {
    await finish(
      deps,
      row,
      'failed',
      `${invalidRows} ${invalidRows === 1 ? 'row has' : 'rows have'} errors, so nothing was imported. Download the error report, fix the file or the mapping, or choose to skip invalid rows.`,
    );
    return null;
  }
  if (!total) {
    await finish(deps, row, 'failed', 'The file has no rows of data.');
    return null;
  }
  return operations;
}

async function writeRows(
  deps: Deps,
  row: ImportRow,
  target: ImportTarget,
  operations: Operation[],
  jobId: number | null,
  hooks: RunHooks,
) {
  const size = hooks.batchSize ?? writeBatchSize(deps);
  let done = 0;
  // One ANALYZE at a time runs beside the batches that follow (another connection; it takes no lock a write
  // waits for) instead of holding them up: 0.6 s each on a 100,000-store import, five times over.
  let analyzing: Promise<void> | null = null;
  try {
    for (let at = 0; at < operations.length; at += size) {
      await throwIfCancelled(deps, row);
      const batch = operations.slice(at, at + size);
      await writeTransaction(deps.db, async (trx) => {
        // A batch and its log rows commit together, so a batch lost to a database crash before its WAL reached
        // disk is lost whole, log included: the import is still consistent, and commits need not wait for fsync.
        if (deps.dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
        const now = nowIso();
        const logged = await target.write(trx, row.team_id, batch, now, {
          userId: row.user_id ?? 0,
          ip: null,
        });
        await insertMany(
          trx,
          'import_changes',
          IMPORT_CHANGE_COLUMNS,
          logged.map((change) => ({ import_id: row.id, ...change })),
        );
        const created = logged.filter((c) => c.action === 'create').length;
        const counted = await trx
          .updateTable('imports')
          .set((eb) => ({
            processed_rows: eb('processed_rows', '+', batch.length),
            created_count: eb('created_count', '+', created),
            updated_count: eb('updated_count', '+', logged.length - created),
            skipped_count: eb('skipped_count', '+', batch.length - logged.length),
            heartbeat_at: now,
          }))
          .where('id', '=', row.id)
          .where('team_id', '=', row.team_id)
          .where('status', '=', 'running')
          .where('runner', '=', row.runner)
          .executeTakeFirst();
        if (!Number(counted.numUpdatedRows)) throw new Superseded();
        // The job's claim stays fresh while batches commit, so no other worker takes a live import for a dead one.
        if (jobId !== null)
          await trx.updateTable('jobs').set({ claimed_at: now }).where('id', '=', jobId).execute();
      });
      done += batch.length;
      // PostgreSQL plans with statistics from before the import until autovacuum's next pass (a minute or more):
      // a list of the same team then seq-scans a table that grew by tens of thousands of rows, for every request.
      if (statisticsDue(done, batch.length) && !analyzing)
        analyzing = analyzeImportTables(deps, row.type, 'written').finally(() => (analyzing = null));
      publish(deps, row, { status: 'running', processed_rows: done, total_rows: operations.length });
      await hooks.afterBatch?.(done);
      // A batch is synchronous work on SQLite: between two, the requests that waited are served.
      await nextTurn();
    }
  } finally {
    await analyzing;
  }
}

/**
 * Reverses what the log says a run committed, newest batch first, a batch per transaction; each batch's log
 * rows go with it, so a rollback that stops half way continues where it stopped. A record someone changed
 * (its updated_at moved on) or built on (a note, a lease on it) since is left as it is: a rollback never
 * takes away another request's write. Returns how many were left.
 */
async function rollBack(deps: Deps, row: ImportRow, target: ImportTarget): Promise<number> {
  let kept = 0;
  for (;;) {
    const changes = await deps.db
      .selectFrom('import_changes')
      .selectAll()
      .where('import_id', '=', row.id)
      .orderBy('subject_id', 'desc')
      .limit(IMPORT_BATCH_SIZE)
      .execute();
    if (!changes.length) break;
    kept += await writeTransaction(deps.db, async (trx) => {
      const untouched = await untouchedChanges(trx, row.team_id, target, changes);
      await target.rollBack(trx, row.team_id, untouched);
      await trx
        .deleteFrom('import_changes')
        .where('import_id', '=', row.id)
        .where(
          'subject_id',
          'in',
          changes.map((c) => c.subject_id),
        )
        .execute();
      await trx
        .updateTable('imports')
        .set({ heartbeat_at: nowIso() })
        .where('id', '=', row.id)
        .where('team_id', '=', row.team_id)
        .execute();
      return changes.length - untouched.length;
    });
    await nextTurn();
  }
  await deps.db
    .updateTable('imports')
    .set({ processed_rows: 0, created_count: 0, updated_count: 0 })
    .where('id', '=', row.id)
    .where('team_id', '=', row.team_id)
    .execute();
  return kept;
}

/** The logged changes whose records are as the import left them: not edited, deleted or built on since. */
async function untouchedChanges<T extends { subject_id: number; action: string; after_updated_at: string }>(
  trx: Executor,
  teamId: number,
  target: ImportTarget,
  changes: T[],
): Promise<T[]> {
  const ids = changes.map((c) => c.subject_id);
  const current = await target.current(trx, teamId, ids);
  const built = await target.builtOn(
    trx,
    teamId,
    changes.filter((c) => c.action === 'create').map((c) => c.subject_id),
  );
  return changes.filter((c) => {
    const state = current.get(c.subject_id);
    return state && state.updated_at === c.after_updated_at && !built.has(c.subject_id);
  });
}

export async function runImportJob(deps: Deps, job: QueuedRow): Promise<void> {
  const { importId } = JSON.parse(job.payload) as { importId: number };
  await runImport(deps, importId, job.id);
}
