import type { ImportType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import type { TabularFile, TabularFormat } from '../../platform/tabular';
import { targetOf } from './targets';

/**
 * An empty spreadsheet to fill in: one column per field the team can import for the type, headed by the
 * field's label (the mapping step recognises labels), its own custom attributes included, required ones
 * first. No example row: a row left in by mistake would be imported.
 */
export async function importTemplate(
  deps: Deps,
  actor: Actor,
  type: ImportType,
  format: TabularFormat,
): Promise<TabularFile> {
  const fields = await targetOf(type).fields(deps.db, actor.teamId);
  const ordered = [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
  async function* rows() {
    yield ordered.map((field) => field.label);
  }
  return { format, name: `${type}-import-template`, rows: rows() };
}
