import type { z } from 'zod';
import { fieldErrors } from '@storekeep/contracts';
import { type Executor, untyped } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** Collects field errors from several checks and throws one 422 with all of them. */
export class FieldErrors {
  private errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  addZod(result: z.ZodSafeParseResult<unknown>) {
    if (!result.success)
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        for (const m of messages) this.add(field, m);
  }
  throwIfAny() {
    const first = Object.values(this.errors)[0]?.[0];
    if (first) throw new AppError('validation', first, this.errors);
  }
}

/**
 * A related record must be a live record of the same team: ids from another team are "invalid",
 * exactly as if they did not exist.
 */
export async function checkRef(
  db: Executor,
  errors: FieldErrors,
  table: 'companies' | 'brands' | 'stores' | 'contacts',
  teamId: number,
  id: unknown,
  field: string,
  label: string,
) {
  if (id === null || id === undefined) return;
  // The table is one of four literals.
  const found = await untyped(db)
    .selectFrom(table)
    .select('id')
    .where('id', '=', Number(id))
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) errors.add(field, `The selected ${label} is invalid.`);
}
