import type { AttributeValue } from '@storekeep/contracts';
import { attributeExportColumns, exportsAttributes } from '../attributes/index';
import type { Deps } from '../../platform/deps';
import { idBatches } from '../../platform/list';
import type { Actor } from '../../platform/policy';
import { recordBatches, type Column, type RowBatches } from '../../platform/tabular';
import type { LoadedRow, RecordDefinition } from './definition';
import { listQuery, loadWithAttributes, presenterFor } from './service';

/**
 * Rows (header first) of every record the list would show (its search and filters, narrowed to the caller's
 * scope), read in id-ordered keyset batches of 1,000 and yielded a batch at a time as they come: memory stays flat however large
 * the team is. A member limited to companies gets no attribute columns (`exportsAttributes`).
 */
export async function exportRecords<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<RowBatches> {
  // `attributes=a,b`: the attribute columns the list shows (its column picker); all live ones when absent.
  const { attributes: shown, ...listRaw } = raw;
  const { conditions, definitions } = await listQuery(deps, def, actor, listRaw);
  const columns = [
    ...def.exportColumns,
    ...attributeExportColumns<Dto & { attributes?: Record<string, AttributeValue> }>(
      exportsAttributes(actor.scope) ? definitions : [],
      shown,
    ),
  ] as Array<Column<Dto>>;
  const present = presenterFor(deps, def, actor);
  const batches = idBatches(deps.db, { table: def.table, teamId: actor.teamId, conditions });
  return recordBatches(
    batches,
    async (ids) => (await loadWithAttributes(deps.db, def, actor.scope, ids)).map(present),
    columns,
  );
}
