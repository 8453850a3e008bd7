import type { Kysely } from 'kysely';
import type { AttributeValue } from '@storekeep/contracts';
import { attributeExportColumns } from '../attributes/service';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import type { Cell } from '../../platform/tabular';
import type { LoadedRow, RecordDefinition } from './definition';
import { listQuery, loadWithAttributes, presenterFor } from './service';

const BATCH = 1000;

/**
 * Rows (header first) of every record the list would show (its search and filters), read in id-ordered
 * batches of 1,000 and yielded as they come: memory stays flat however large the team is.
 */
export async function exportRecords<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<AsyncIterable<Cell[]>> {
  // `attributes=a,b`: the attribute columns the list shows (its column picker); all live ones when absent.
  const { attributes: shown, ...listRaw } = raw;
  const { conditions, definitions } = await listQuery(deps, def, actor, listRaw);
  const columns: Array<[string, (dto: Dto) => unknown]> = [...def.exportColumns, ...attributeExportColumns<Dto & { attributes?: Record<string, AttributeValue> }>(definitions, shown)] as Array<[string, (dto: Dto) => unknown]>;
  const present = presenterFor(deps, def, actor);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table chosen at run time (definition.ts)
  const db = deps.db as unknown as Kysely<any>;

  async function* rows(): AsyncGenerator<Cell[]> {
    yield columns.map(([header]) => header);
    let lastId = 0;
    for (;;) {
      let batch = db.selectFrom(def.table).select('id').where('team_id', '=', actor.teamId).where('deleted_at', 'is', null).where('id', '>', lastId);
      for (const condition of conditions) batch = batch.where(condition);
      const ids = (await batch.orderBy('id').limit(BATCH).execute()).map((r: { id: number }) => r.id);
      if (!ids.length) return;
      for (const row of await loadWithAttributes(deps.db, def, actor.teamId, ids)) {
        const dto = present(row);
        yield columns.map(([, value]) => (value(dto) ?? '') as Cell);
      }
      lastId = ids.at(-1)!;
    }
  }

  return rows();
}
