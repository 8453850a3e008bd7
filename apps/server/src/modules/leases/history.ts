import { leaseFieldsSchema, type LeaseAmendment } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { nameReferences } from '../activities/index';

/** Why a lease changed, when it is more than an edit: an exercised or waived option, an amendment document. */
export type AmendmentNote = {
  kind: 'exercise' | 'waive' | 'amendment';
  summary: string;
  documentId: number | null;
};

type Deadlines = Map<number, { deadline: string | null; earliest: string | null }>;

/** Each option's stored open window (latest and earliest date), by position. */
export async function openDeadlines(db: Executor, teamId: number, leaseId: number): Promise<Deadlines> {
  const rows = await db
    .selectFrom('lease_options')
    .select(['position', 'deadline', 'earliest_date'])
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .execute();
  return new Map(rows.map((row) => [row.position, { deadline: row.deadline, earliest: row.earliest_date }]));
}

const LABELS: Record<string, string> = {
  rent_schedule: 'rent schedule',
  options: 'options',
  charges: 'charges',
  clauses: 'clauses',
};
const label = (field: string) => LABELS[field] ?? field.replaceAll('_', ' ');

/**
 * One history entry per change of a lease, in the transaction of the change: the fields that changed
 * with their values before and after (lists whole), the option dates that moved as a result (a new
 * holiday or a changed expiration moves a deadline nobody typed), and the lease as it was before, so
 * any past state can be shown. A save that changes nothing leaves no entry unless it carries a note.
 */
export async function recordAmendment(
  trx: Executor,
  teamId: number,
  leaseId: number,
  input: {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    beforeDeadlines: Deadlines;
    afterDeadlines: Deadlines;
    snapshot: Record<string, unknown>;
    by: { userId: number | null };
    note?: AmendmentNote;
    /** What to call a change without a note (an edit by default). */
    summary?: string;
  },
) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of Object.keys(leaseFieldsSchema.shape)) {
    const [was, is] = [input.before[field] ?? null, input.after[field] ?? null];
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = [was, is];
  }
  const positions = new Set([...input.beforeDeadlines.keys(), ...input.afterDeadlines.keys()]);
  for (const position of positions) {
    const [was, is] = [input.beforeDeadlines.get(position), input.afterDeadlines.get(position)];
    if ((was?.deadline ?? null) !== (is?.deadline ?? null))
      changes[`options.${position}.deadline`] = [was?.deadline ?? null, is?.deadline ?? null];
    if ((was?.earliest ?? null) !== (is?.earliest ?? null))
      changes[`options.${position}.window_opens`] = [was?.earliest ?? null, is?.earliest ?? null];
  }
  if (!Object.keys(changes).length && !input.note) return;
  const summary =
    input.note?.summary ??
    input.summary ??
    `Edited ${
      Object.keys(changes)
        .filter((field) => !field.startsWith('options.'))
        .map(label)
        .join(', ') || 'option dates'
    }`;
  await trx
    .insertInto('lease_amendments')
    .values({
      team_id: teamId,
      lease_id: leaseId,
      kind: input.note?.kind ?? 'edit',
      summary,
      changes: JSON.stringify(changes),
      snapshot: JSON.stringify(input.snapshot),
      document_id: input.note?.documentId ?? null,
      user_id: input.by.userId,
      created_at: nowIso(),
    })
    .execute();
}

function presentAmendment(row: {
  id: number;
  kind: string;
  summary: string;
  changes: string;
  created_at: string;
  document_id: number | null;
  document_title: string | null;
  user_id: number | null;
  user_name: string | null;
}): LeaseAmendment {
  return {
    id: row.id,
    kind: row.kind as LeaseAmendment['kind'],
    summary: row.summary,
    changes: JSON.parse(row.changes) as LeaseAmendment['changes'],
    document:
      row.document_id && row.document_title ? { id: row.document_id, title: row.document_title } : null,
    user: row.user_id && row.user_name ? { id: row.user_id, name: row.user_name } : null,
    created_at: row.created_at,
  };
}

function amendmentsQuery(db: Executor, teamId: number, leaseId: number) {
  return db
    .selectFrom('lease_amendments')
    .leftJoin('documents', (join) =>
      join.onRef('documents.id', '=', 'lease_amendments.document_id').on('documents.deleted_at', 'is', null),
    )
    .leftJoin('users', 'users.id', 'lease_amendments.user_id')
    .select([
      'lease_amendments.id',
      'lease_amendments.kind',
      'lease_amendments.summary',
      'lease_amendments.changes',
      'lease_amendments.snapshot',
      'lease_amendments.created_at',
      'lease_amendments.document_id',
      'documents.title as document_title',
      'lease_amendments.user_id',
      'users.name as user_name',
    ])
    .where('lease_amendments.team_id', '=', teamId)
    .where('lease_amendments.lease_id', '=', leaseId);
}

/** Newest first; a lease's history is short (tens of entries), so one page of 100 holds it. */
export async function amendmentsOf(db: Executor, teamId: number, leaseId: number): Promise<LeaseAmendment[]> {
  const rows = await amendmentsQuery(db, teamId, leaseId)
    .orderBy('lease_amendments.id', 'desc')
    .limit(100)
    .execute();
  return nameReferences(db, teamId, rows.map(presentAmendment));
}

export async function amendmentSnapshot(db: Executor, teamId: number, leaseId: number, amendmentId: number) {
  const row = await amendmentsQuery(db, teamId, leaseId)
    .where('lease_amendments.id', '=', amendmentId)
    .executeTakeFirst();
  return row
    ? { amendment: presentAmendment(row), lease: JSON.parse(row.snapshot) as Record<string, unknown> }
    : null;
}
