import type { z } from 'zod';
import { fieldErrors } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { purgeAttributeValues } from '../attributes/index';
import { removeSubjectReminders } from '../reminders/index';

/** Money crosses the API in dollars and is stored in integer cents. */
export const toCents = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);
export const toDollars = (cents: number | null) => (cents === null ? null : Number(cents) / 100);
export const ref = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };

/** Parses a whole contract (lease or agreement) and turns a failure into the API's 422. */
export function parseWhole<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  return parsed.data;
}

type ClauseInput = {
  kind: string;
  text: string;
  date: string | null;
  document_id: number | null;
  page: number | null;
};

/** Clauses of a lease or an agreement, replaced whole. */
export async function writeClauses(
  trx: Executor,
  teamId: number,
  subject: { type: 'lease' | 'agreement'; id: number },
  clauses: ClauseInput[],
) {
  await trx
    .deleteFrom('clauses')
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .execute();
  if (clauses.length) {
    await trx
      .insertInto('clauses')
      .values(
        clauses.map((c, position) => ({
          team_id: teamId,
          subject_type: subject.type,
          subject_id: subject.id,
          position,
          kind: c.kind,
          text: c.text,
          date: c.date,
          document_id: c.document_id,
          page: c.page,
        })),
      )
      .execute();
  }
}

/** Whether a document a lease or agreement names (a clause's, an option's source, an amendment's) is a live one of the team. */
export async function isLiveDocument(db: Executor, teamId: number, documentId: number): Promise<boolean> {
  const document = await db
    .selectFrom('documents')
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', '=', documentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return document !== undefined;
}

export async function checkClauseDocuments(
  db: Executor,
  teamId: number,
  clauses: ClauseInput[],
  add: (field: string, message: string) => void,
) {
  for (const [index, clause] of clauses.entries()) {
    if (clause.document_id !== null && !(await isLiveDocument(db, teamId, clause.document_id)))
      add(`clauses.${index}.document_id`, 'The selected document is invalid.');
  }
}

/**
 * Contracts an import created, taken away again: for good when a run fails or is cancelled (`purge`: rows,
 * clauses, attribute values and reminders go; child rows cascade), to the trash when the import is undone.
 */
export async function removeImportedContracts(
  trx: Executor,
  teamId: number,
  ids: number[],
  how: 'purge' | 'trash',
  kind: {
    table: 'leases' | 'franchise_agreements';
    subject: 'lease' | 'agreement';
    attributes: 'leases' | 'agreements';
  },
) {
  if (!ids.length) return;
  for (const id of ids) await removeSubjectReminders(trx, teamId, { type: kind.subject, id });
  if (how === 'trash') {
    await trx
      .updateTable(kind.table)
      .set({ deleted_at: nowIso() })
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .execute();
  } else {
    await trx
      .deleteFrom('clauses')
      .where('team_id', '=', teamId)
      .where('subject_type', '=', kind.subject)
      .where('subject_id', 'in', ids)
      .execute();
    await purgeAttributeValues(trx, teamId, kind.attributes, ids);
    await trx.deleteFrom(kind.table).where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }
  await bumpTeamWriteVersion(trx, teamId);
}

/** What a purged lease or agreement leaves without a cascade: its clauses and reminders. */
export async function purgeContractRows(
  trx: Executor,
  teamId: number,
  subject: 'lease' | 'agreement',
  ids: number[],
) {
  for (const table of ['clauses', 'reminders'] as const)
    await trx
      .deleteFrom(table)
      .where('team_id', '=', teamId)
      .where('subject_type', '=', subject)
      .where('subject_id', 'in', ids)
      .execute();
}
