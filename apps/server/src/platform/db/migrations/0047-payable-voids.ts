import { columnTypes, type AppMigration, type MigrationDb } from '../migration-helpers';

type OldChargeLine = {
  id: number;
  team_id: number;
  lease_id: number;
  source: string;
  service_start: string;
  status: string;
  invoice_cents: number | null;
};

/**
 * Rent payables that can be voided (who, when and why) and that keep the landlord's invoice date; charge lines
 * keyed by the charge's kind (`charge:<kind>`) instead of its position in the lease (`charge:<n>:<kind>`).
 *
 * A lease's charges are rewritten whole on every save, so their position was the only thing the old key had,
 * and a reordered list met the wrong lines. An old line is renamed when it is the only one of its kind for its
 * lease and service start; where a lease had several charges of one kind, the lines that are still scheduled
 * without an invoice are removed (the next generation makes the one combined line) and the first of the others
 * takes the new key: approved and paid lines are never deleted.
 */
export const payableVoids: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .alterTable('rent_payables')
      .addColumn('voided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('rent_payables').addColumn('voided_at', t.timestamp).execute();
    await db.schema.alterTable('rent_payables').addColumn('void_reason', 'varchar(500)').execute();
    await db.schema.alterTable('rent_payables').addColumn('invoice_date', t.date).execute();

    await rekeyChargeLines(db);
  },
};

/** Renames `charge:<position>:<kind>` lines to `charge:<kind>` (exported for its test). */
export async function rekeyChargeLines(db: MigrationDb) {
  const old = (await db
    .selectFrom('rent_payables')
    .select(['id', 'team_id', 'lease_id', 'source', 'service_start', 'status', 'invoice_cents'])
    .where('source', 'like', 'charge:%:%')
    .orderBy('id')
    .execute()) as OldChargeLine[];
  const groups = new Map<string, Array<OldChargeLine & { kind: string; position: number }>>();
  for (const row of old) {
    const match = /^charge:(\d+):(.+)$/.exec(row.source);
    if (!match) continue;
    const kind = match[2]!;
    const key = `${row.team_id}|${row.lease_id}|${String(row.service_start)}|${kind}`;
    groups.set(key, [...(groups.get(key) ?? []), { ...row, kind, position: Number(match[1]) }]);
  }
  for (const lines of groups.values()) {
    lines.sort((a, b) => a.position - b.position);
    const kept =
      lines.length === 1 ? lines : lines.filter((l) => l.status !== 'scheduled' || l.invoice_cents !== null);
    const dropped = lines.filter((l) => !kept.includes(l));
    if (dropped.length)
      await db
        .deleteFrom('rent_payables')
        .where(
          'id',
          'in',
          dropped.map((l) => l.id),
        )
        .execute();
    const [first] = kept;
    if (first)
      await db
        .updateTable('rent_payables')
        .set({ source: `charge:${first.kind}` })
        .where('id', '=', first.id)
        .execute();
  }
}
