import type { ExampleRecordType } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';

/** The row that says a team's example portfolio is loaded; its key refuses a second one. */
const PORTFOLIO = { record_type: 'portfolio', record_id: 0 } as const;

export async function portfolioLoaded(db: Executor, teamId: number): Promise<boolean> {
  const row = await db
    .selectFrom('example_records')
    .select('record_id')
    .where('team_id', '=', teamId)
    .where('record_type', '=', PORTFOLIO.record_type)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPortfolioMarker(trx: Executor, teamId: number, now: string) {
  await trx
    .insertInto('example_records')
    .values({ team_id: teamId, ...PORTFOLIO, created_at: now })
    .execute();
}

export async function tagExampleRecords(
  trx: Executor,
  teamId: number,
  records: Array<{ type: ExampleRecordType; id: number }>,
  now: string,
) {
  if (!records.length) return;
  await trx
    .insertInto('example_records')
    .values(records.map((r) => ({ team_id: teamId, record_type: r.type, record_id: r.id, created_at: now })))
    .execute();
}

/** The team's example records (not the portfolio's own row), with when they were written. */
export async function exampleRecordsOf(db: Executor, teamId: number) {
  const rows = await db
    .selectFrom('example_records')
    .select(['record_type', 'record_id', 'created_at'])
    .where('team_id', '=', teamId)
    .where('record_type', '!=', PORTFOLIO.record_type)
    .execute();
  return rows.map((row) => ({
    type: row.record_type as ExampleRecordType,
    id: Number(row.record_id),
    created_at: row.created_at,
  }));
}

export async function untagAll(trx: Executor, teamId: number) {
  await trx.deleteFrom('example_records').where('team_id', '=', teamId).execute();
}
