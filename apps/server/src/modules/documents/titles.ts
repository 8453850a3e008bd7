import type { Executor } from '../../platform/db';

/** The titles of the team's live documents among `ids` (a link to a document shows its title). */
export async function liveDocumentTitles(
  db: Executor,
  teamId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title'])
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
